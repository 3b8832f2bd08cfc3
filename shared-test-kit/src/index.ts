export { DEMO_PASSWORD, signIn, type SignedIn } from './sign-in';
export { waitFor, type WaitForOptions } from './wait-for';
export { waitForOk } from './wait-for-ok';
export { openJsonSocket, type JsonSocket } from './json-socket';
export { openRealtimeSocket, realtimeSocketUrl, nextMatching, nextOfType, silentFor, type RealtimeSocket } from './realtime-socket';
export { RelayCaller, type HeardText, type RelayCallerOptions } from './relay-caller';
export { dialAiAgent, relaySocketUrl, simulatorDoor, type DialedCall } from './simulator-door';
export { startFakeProvider, type Answers, type FakeProvider, type ScriptStep, type ScriptedAnswer, type SeenRequest, type WireFormat } from './fake-model-provider';
export {
  MULAW_LOUD, MULAW_SILENT, STAND_IN_AUDIO, STAND_IN_BYTES_PER_CHAR, STAND_IN_TRANSCRIPT, STAND_IN_VOICES, startSpeechStandIn, type LiveListener, type SpeechRequest,
} from './speech-stand-in';
export { MediaStreamCaller, type HeardAudio } from './media-stream-caller';
