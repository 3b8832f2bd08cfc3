/** Toast texts that more than one package shows. */
export const PREFERENCE_UPDATED_TEXT = 'Preference updated successfully';
export const PREFERENCE_UPDATE_FAILED_TEXT = 'Failed to update preference';
export const CALL_SYSTEM_INIT_FAILED_TEXT = 'Failed to initialize call system';
export const CALL_CONNECT_FAILED_TEXT = 'Failed to connect call';
export const CALL_END_FAILED_TEXT = 'Error ending call';
/** A production server with no Twilio account: the softphone says so instead of failing blind. */
export const CALLING_UNAVAILABLE_TEXT = 'Calling is not set up on this server: an administrator has to connect a Twilio account';

/**
 * Calls run on ConversationRelay, where Twilio speaks and listens with its own provider accounts
 * (the voice mapping is the API's relay-twiml.ts): said beside the agent's voice and on each
 * speech client, so nobody expects an administrator's key to be used on a call.
 */
export const TWILIO_SPEAKS_TEXT =
  'On calls, Twilio speaks and listens with its own accounts: an ElevenLabs or Amazon Polly voice is used when an administrator has enabled a speech client of that provider, any other voice is spoken with Google\'s voice for the agent\'s language, and transcription is Deepgram\'s when the agent\'s speech-to-text client is a Deepgram one, otherwise Google\'s. The speech clients\' own keys are not used on calls.';
/** Beside the voice of an agent on "Our pipeline". */
export const PIPELINE_SPEAKS_TEXT =
  'On calls, our pipeline hears the caller through the agent\'s speech-to-text client (Deepgram or AssemblyAI) and speaks the voice through the administrator\'s enabled speech client of the voice\'s provider (ElevenLabs, Deepgram, PlayHT or Amazon Polly), with their own keys. When either is missing, Twilio speaks on the call instead.';
export const SPEECH_CLIENT_ON_CALLS_TEXT =
  'Agents on "Twilio speaks" do not use this client\'s key: Twilio speaks and listens with its own accounts, with this provider\'s voices or transcription where Twilio offers them (ElevenLabs and Amazon Polly voices, Deepgram transcription). Agents on "Our pipeline" use this client and its key on their calls (Deepgram and AssemblyAI transcription; ElevenLabs, Deepgram, PlayHT and Amazon Polly voices). Test connection checks the key with the provider.';

export const callErrorText = (message: string): string => `Call error: ${message}`;
