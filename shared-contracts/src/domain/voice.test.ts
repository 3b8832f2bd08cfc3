import { CALL_QUALITY, DEFAULT_BACKOFF, DTMF_GAP_MS, DTMF_PAUSE_MS, DTMF_TONE_MS, ICE_RECONNECT_BACKOFF, VOICE_MESSAGE_CONTENT_REQUIRED_TEXT, VOICE_MESSAGE_TYPE_REQUIRED_TEXT, backoffDelayMs, canAnswer, canDevice, voiceMessageError } from './voice';

test('the voice SDK constants', () => {
  expect([DTMF_TONE_MS, DTMF_GAP_MS, DTMF_PAUSE_MS]).toEqual([160, 70, 500]);
});

test('call quality thresholds', () => {
  expect(CALL_QUALITY.sampleIntervalMs).toBe(1_000);
  expect(CALL_QUALITY.warningsEnabledAfterMs).toBe(5_000);
  expect(CALL_QUALITY.warningMinDurationMs).toBe(5_000);
  expect(CALL_QUALITY.metricsBatchSize).toBe(10);
  expect(CALL_QUALITY.thresholds).toEqual({
    jitterMax: 30, rttMax: 400, mosMin: 3, bytesMin: 1, bytesRaiseCount: 3, bytesClearCount: 2,
    packetLossMaxPercent: 1, packetLossAverageSamples: 7, packetLossAverageMaxPercent: 3,
    audioLevelMinDeviation: 327.67, audioLevelSamples: 10,
  });
});

describe('backoffDelayMs', () => {
  test('grows by the factor and caps at max (no jitter)', () => {
    expect([0, 1, 2, 3].map((a) => backoffDelayMs(DEFAULT_BACKOFF, a))).toEqual([100, 200, 400, 800]);
    expect(backoffDelayMs(DEFAULT_BACKOFF, 20)).toBe(10_000);
  });
  test('jitter spreads by ±jitter', () => {
    const o = { min: 1000, max: 100_000, factor: 1, jitter: 0.5 };
    expect(backoffDelayMs(o, 0, () => 0)).toBe(500);
    expect(backoffDelayMs(o, 0, () => 0.5)).toBe(1000);
    expect(backoffDelayMs(o, 0, () => 1)).toBe(1500);
  });
  test('ICE backoff stays within 30 s', () => expect(backoffDelayMs(ICE_RECONNECT_BACKOFF, 500, () => 1)).toBe(30_000));
  test('a negative attempt counts as the first', () => expect(backoffDelayMs(DEFAULT_BACKOFF, -3)).toBe(100));
});

describe('device and call states', () => {
  test('register only from unregistered', () => {
    expect(canDevice('unregistered', 'register')).toBe(true);
    for (const s of ['registering', 'registered', 'destroyed'] as const) expect(canDevice(s, 'register')).toBe(false);
  });
  test('unregister only from registered', () => {
    expect(canDevice('registered', 'unregister')).toBe(true);
    for (const s of ['unregistered', 'registering', 'destroyed'] as const) expect(canDevice(s, 'unregister')).toBe(false);
  });
  test('destroying is always allowed, and is all a destroyed device allows', () => {
    for (const s of ['unregistered', 'registering', 'registered', 'destroyed'] as const) expect(canDevice(s, 'destroy')).toBe(true);
  });
  test('accept, reject and ignore only from pending', () => {
    expect(canAnswer('pending')).toBe(true);
    for (const s of ['connecting', 'ringing', 'open', 'reconnecting', 'closed'] as const) expect(canAnswer(s)).toBe(false);
  });
});

describe('voiceMessageError', () => {
  test('valid', () => expect(voiceMessageError({ content: 'hi', messageType: 'user-defined-message' })).toBeNull());
  test('content required', () => {
    expect(voiceMessageError({ messageType: 't' })).toBe(VOICE_MESSAGE_CONTENT_REQUIRED_TEXT);
    expect(voiceMessageError({ content: '', messageType: 't' })).toBe(VOICE_MESSAGE_CONTENT_REQUIRED_TEXT);
    expect(voiceMessageError({ content: null, messageType: 't' })).toBe(VOICE_MESSAGE_CONTENT_REQUIRED_TEXT);
  });
  test('type a non-empty string', () => {
    expect(voiceMessageError({ content: 'x', messageType: '' })).toBe(VOICE_MESSAGE_TYPE_REQUIRED_TEXT);
    expect(voiceMessageError({ content: 'x', messageType: 3 })).toBe(VOICE_MESSAGE_TYPE_REQUIRED_TEXT);
    expect(voiceMessageError({ content: { a: 1 } })).toBe(VOICE_MESSAGE_TYPE_REQUIRED_TEXT);
  });
});
