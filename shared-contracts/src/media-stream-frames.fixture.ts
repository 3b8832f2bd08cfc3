/**
 * Media Streams frames as Twilio's WebSocket messages page shows them for a bidirectional stream,
 * exactly as they arrive (text). The contract test reads each; the API's pipeline suite sends
 * them, and every broken variant of them, on a live call. Not exported from the package: test data only.
 */
export const FIXTURE_STREAM_SID = 'MZ00000000000000000000000000000000';
export const FIXTURE_MEDIA_CALL_SID = 'CA00000000000000000000000000000001';
export const FIXTURE_MEDIA_CALL_ID = '2f0c9a4e-7b1d-4c3e-9f5a-1d2e3f4a5b6d';

/** 20 ms of silence, base64. */
const SILENCE = Buffer.alloc(160, 0xff).toString('base64');

export const TWILIO_MEDIA_STREAM_FRAMES: ReadonlyArray<{ name: string; frame: Record<string, unknown> }> = [
  { name: 'connected', frame: { event: 'connected', protocol: 'Call', version: '1.0.0' } },
  {
    name: 'start',
    frame: {
      event: 'start', sequenceNumber: '1', streamSid: FIXTURE_STREAM_SID,
      start: {
        accountSid: 'ACXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX', streamSid: FIXTURE_STREAM_SID, callSid: FIXTURE_MEDIA_CALL_SID,
        tracks: ['inbound'], mediaFormat: { encoding: 'audio/x-mulaw', sampleRate: 8000, channels: 1 },
        customParameters: { callId: FIXTURE_MEDIA_CALL_ID },
      },
    },
  },
  {
    name: 'media',
    frame: { event: 'media', sequenceNumber: '3', media: { track: 'inbound', chunk: '1', timestamp: '5', payload: SILENCE }, streamSid: FIXTURE_STREAM_SID },
  },
  { name: 'mark', frame: { event: 'mark', sequenceNumber: '4', streamSid: FIXTURE_STREAM_SID, mark: { name: 'my label' } } },
  { name: 'dtmf', frame: { event: 'dtmf', streamSid: FIXTURE_STREAM_SID, sequenceNumber: '5', dtmf: { track: 'inbound_track', digit: '1' } } },
  {
    name: 'stop',
    frame: { event: 'stop', sequenceNumber: '5', streamSid: FIXTURE_STREAM_SID, stop: { accountSid: 'ACXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX', callSid: FIXTURE_MEDIA_CALL_SID } },
  },
];
