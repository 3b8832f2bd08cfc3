import { useAtomValue } from 'jotai';
import type { QueueEntry, SmsPayload } from 'shared-contracts';
import { authStore } from '../store';
import { callStatusAtom, queueAtom, recentSmsAtom, smsStatusChangedAtom } from './realtime-atoms';

const options = { store: authStore };

/** Numbers waiting to be called, first one next (INITIAL_STATUS / QUEUE_UPDATED). */
export const useQueue = (): QueueEntry[] => useAtomValue(queueAtom, options);
/** False once the server has said the call is over (DISCONNECT_CALL). */
export const useCallStatus = (): boolean => useAtomValue(callStatusAtom, options);
/** The latest SMS the server pushed (RECEIVE_SMS). */
export const useRecentSms = (): SmsPayload | null => useAtomValue(recentSmsAtom, options);
/** The latest SMS status change (SMS_STATUS_CHANGED). */
export const useSmsStatusChanged = () => useAtomValue(smsStatusChangedAtom, options);

/** Sets the call status (true when the agent takes or places a call). */
export const setCallStatus = (onCall: boolean): void => authStore.set(callStatusAtom, onCall);
