import { sendSms } from './send-sms';
import { getConversationSms, getSmsList } from './sms-threads';

export const conversationEndpoints = [getSmsList, getConversationSms, sendSms];
export { settleStaleSmsSendsPlugin, smsSettleJob } from './sms-settle-job';
