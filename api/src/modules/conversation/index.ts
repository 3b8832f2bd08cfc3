import { sendSms } from './send-sms';
import { getConversationSms, getSmsList } from './sms-threads';

export const conversationEndpoints = [getSmsList, getConversationSms, sendSms];
