/**
 * ConversationRelay frames as Twilio's WebSocket messages page shows them, exactly as they arrive
 * on the wire (text). The contract tests read each with `parseRelayFrame`; the API's relay fuzz
 * suite sends the inbound ones on a live call. Not exported from the package: test data only.
 */
export interface RelayFrameFixture {
  name: string;
  /** The frame's text as sent. */
  raw: string;
  /** `read`: parsed into a frame; `ignored`: a well-formed type this side does not read. */
  outcome: 'read' | 'ignored';
}

const frame = (name: string, body: Record<string, unknown>, outcome: RelayFrameFixture['outcome'] = 'read'): RelayFrameFixture =>
  ({ name, raw: JSON.stringify(body), outcome });

/** The call the documented setup frames name: what the TwiML's <Parameter name="callId"> carries. */
export const FIXTURE_CALL_ID = '2f0c9a4e-7b1d-4c3e-9f5a-1d2e3f4a5b6c';
export const FIXTURE_CALL_SID = 'CA00000000000000000000000000000000';

/** Twilio → us. */
export const TWILIO_INBOUND_FRAMES: readonly RelayFrameFixture[] = [
  frame('setup with every documented field', {
    type: 'setup',
    sessionId: 'VX00000000000000000000000000000000',
    accountSid: 'ACXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX',
    parentCallSid: '',
    callSid: FIXTURE_CALL_SID,
    from: '+18005550100',
    to: '+18005550101',
    forwardedFrom: '+18005550102',
    callType: 'PSTN',
    callerName: '',
    direction: 'inbound',
    callStatus: 'RINGING',
    customParameters: { callId: FIXTURE_CALL_ID },
  }),
  frame('setup with the fields of the short example', {
    type: 'setup', sessionId: 'VX00000000000000000000000000000000', callSid: FIXTURE_CALL_SID,
    from: '+14151234567', to: '+18881234567', direction: 'inbound', customParameters: { callId: FIXTURE_CALL_ID },
  }),
  frame('prompt, a whole turn', { type: 'prompt', voicePrompt: 'Hi! Can you tell me about life?', lang: 'en-US', last: true }),
  frame('prompt, a partial turn', { type: 'prompt', voicePrompt: 'Hi! Can you', lang: 'en-US', last: false }),
  frame('prompt in another language', { type: 'prompt', voicePrompt: '¿Están abiertos el sábado?', lang: 'es-ES', last: true }),
  frame('interrupt with the duration as a number', { type: 'interrupt', utteranceUntilInterrupt: 'Life is a complex set of', durationUntilInterruptMs: 460 }),
  frame('interrupt with the duration as a string', { type: 'interrupt', utteranceUntilInterrupt: 'Life is a complex set of', durationUntilInterruptMs: '460' }),
  frame('dtmf', { type: 'dtmf', digit: '1' }),
  frame('dtmf, the pound key', { type: 'dtmf', digit: '#' }),
  frame('error', { type: 'error', description: 'Invalid message received: { "foo" : "bar" }' }),
  frame('a message type added after this version', { type: 'agentSpeechStatus', status: 'started', at: '2026-01-05T10:00:00Z' }, 'ignored'),
];

/** Us → Twilio. */
export const TWILIO_OUTBOUND_FRAMES: readonly RelayFrameFixture[] = [
  frame('text token', { type: 'text', token: 'Hello', last: false }),
  frame('text, the last token of a reply', { type: 'text', token: ' world.', last: true }),
  frame('text with its options', { type: 'text', token: 'Bonjour', last: true, lang: 'fr-FR', interruptible: false, preemptible: true }),
  frame('play', { type: 'play', source: 'https://api.twilio.com/cowbell.mp3', loop: 1, preemptible: false, interruptible: true }),
  frame('sendDigits', { type: 'sendDigits', digits: '9www4085096395' }),
  frame('language', { type: 'language', ttsLanguage: 'sv-SE', transcriptionLanguage: 'en-US' }),
  frame('end with handoff data', { type: 'end', handoffData: '{"reasonCode":"live-agent-handoff","reason":"The caller wants to talk to a real person"}' }),
  frame('end without handoff data', { type: 'end' }),
  frame('a message type added after this version', { type: 'telemetry', level: 'debug' }, 'ignored'),
];
