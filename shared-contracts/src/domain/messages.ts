/** Toast texts that more than one package shows. */
export const PREFERENCE_UPDATED_TEXT = 'Preference updated successfully';
export const PREFERENCE_UPDATE_FAILED_TEXT = 'Failed to update preference';
export const CALL_SYSTEM_INIT_FAILED_TEXT = 'Failed to initialize call system';
export const CALL_CONNECT_FAILED_TEXT = 'Failed to connect call';
export const CALL_END_FAILED_TEXT = 'Error ending call';
/** A production server with no Twilio account: the softphone says so instead of failing blind. */
export const CALLING_UNAVAILABLE_TEXT = 'Calling is not set up on this server: an administrator has to connect a Twilio account';

export const callErrorText = (message: string): string => `Call error: ${message}`;
