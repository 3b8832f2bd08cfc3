import { parseRelayFrame, parseRelayHandoff, RelayInbound, RelayOutbound, RELAY_INBOUND_TYPES, RELAY_MAX_FRAME_BYTES } from './relay';
import { FIXTURE_CALL_ID, TWILIO_INBOUND_FRAMES, TWILIO_OUTBOUND_FRAMES } from './relay-frames.fixture';

const readAs = (fixture: { raw: string }) => JSON.parse(fixture.raw) as Record<string, unknown>;
const inbound = (name: string) => {
  const found = TWILIO_INBOUND_FRAMES.find((f) => f.name === name);
  if (found === undefined) throw new Error(`no fixture "${name}"`);
  return parseRelayFrame(RelayInbound, found.raw);
};

describe('frames from Twilio, as its documentation shows them', () => {
  test.each(TWILIO_INBOUND_FRAMES.filter((f) => f.outcome === 'read').map((f) => [f.name, f] as const))('reads %s', (_name, fixture) => {
    const parsed = parseRelayFrame(RelayInbound, fixture.raw);
    expect(parsed).toEqual({ ok: true, frame: expect.objectContaining({ type: readAs(fixture).type }) });
  });

  test.each(TWILIO_INBOUND_FRAMES.filter((f) => f.outcome === 'ignored').map((f) => [f.name, f] as const))('passes over %s', (_name, fixture) => {
    expect(parseRelayFrame(RelayInbound, fixture.raw)).toEqual({ ok: false, error: expect.any(String), ignored: true });
  });

  test('every type read is documented by a fixture', () => {
    const documented = new Set(TWILIO_INBOUND_FRAMES.map((f) => readAs(f).type));
    expect(RELAY_INBOUND_TYPES.filter((type) => !documented.has(type))).toEqual([]);
  });

  test('a duration reads the same as a number and as a string', () => {
    const number = inbound('interrupt with the duration as a number');
    const text = inbound('interrupt with the duration as a string');
    expect(number).toEqual({ ok: true, frame: expect.objectContaining({ durationUntilInterruptMs: 460, utteranceUntilInterrupt: 'Life is a complex set of' }) });
    expect(text).toEqual(number);
  });

  test('the setup names our call, and the fields Twilio adds are kept', () => {
    const parsed = inbound('setup with every documented field');
    expect(parsed).toEqual({
      ok: true,
      frame: expect.objectContaining({ callSid: 'CA00000000000000000000000000000000', customParameters: { callId: FIXTURE_CALL_ID }, callType: 'PSTN', forwardedFrom: '+18005550102' }),
    });
  });

  test('a partial turn says it is not the last; a turn without `last` is whole', () => {
    expect(inbound('prompt, a partial turn')).toEqual({ ok: true, frame: expect.objectContaining({ last: false }) });
    expect(parseRelayFrame(RelayInbound, JSON.stringify({ type: 'prompt', voicePrompt: 'Hello' }))).toEqual({ ok: true, frame: expect.objectContaining({ last: true }) });
  });
});

describe('frames to Twilio, as its documentation shows them', () => {
  test.each(TWILIO_OUTBOUND_FRAMES.filter((f) => f.outcome === 'read').map((f) => [f.name, f] as const))('reads %s', (_name, fixture) => {
    expect(parseRelayFrame(RelayOutbound, fixture.raw)).toEqual({ ok: true, frame: expect.objectContaining(readAs(fixture)) });
  });

  test.each(TWILIO_OUTBOUND_FRAMES.filter((f) => f.outcome === 'ignored').map((f) => [f.name, f] as const))('passes over %s', (_name, fixture) => {
    expect(parseRelayFrame(RelayOutbound, fixture.raw)).toEqual({ ok: false, error: expect.any(String), ignored: true });
  });

  test('the handoff of an end frame reads back', () => {
    const end = TWILIO_OUTBOUND_FRAMES.find((f) => f.name === 'end with handoff data')!;
    const parsed = parseRelayFrame(RelayOutbound, end.raw);
    expect(parsed.ok && parsed.frame.type === 'end' ? parseRelayHandoff(parsed.frame.handoffData) : null)
      .toEqual({ reasonCode: 'live-agent-handoff', reason: 'The caller wants to talk to a real person' });
  });
});

describe('frames no carrier sends', () => {
  test.each([
    ['a known type with a field of the wrong type', { type: 'prompt', voicePrompt: 42 }],
    ['a known type without its required field', { type: 'dtmf' }],
    ['a digit no keypad has', { type: 'dtmf', digit: 'x' }],
    ['a duration that is not a number', { type: 'interrupt', durationUntilInterruptMs: 'soon' }],
    ['a negative duration', { type: 'interrupt', durationUntilInterruptMs: -5 }],
    ['a control character', { type: 'prompt', voicePrompt: 'bell\u0007' }],
    ['a frame without a type', { voicePrompt: 'Hello' }],
    ['a type that is not text', { type: 7 }],
  ])('refuses %s, and does not pass it over as a newer type', (_name, body) => {
    const parsed = parseRelayFrame(RelayInbound, JSON.stringify(body));
    expect(parsed).toEqual({ ok: false, error: expect.any(String) });
  });

  test.each([['text that is not JSON', '{"type":"prompt",'], ['an array', '[{"type":"prompt"}]'], ['nothing', '']])('refuses %s', (_name, raw) => {
    expect(parseRelayFrame(RelayInbound, raw)).toEqual({ ok: false, error: expect.any(String) });
  });

  test.each([
    ['arrays', (depth: number) => `{"type":"error","x":${'['.repeat(depth)}${']'.repeat(depth)}}`],
    ['objects', (depth: number) => `{"type":"error","x":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}`],
  ])('refuses %s nested 10,000 deep without walking them', (_name, nest) => {
    const raw = nest(10_000);
    expect(raw.length).toBeLessThan(RELAY_MAX_FRAME_BYTES);
    expect(parseRelayFrame(RelayInbound, raw)).toEqual({ ok: false, error: expect.any(String) });
  });

  test('refuses a frame over the size cap unread', () => {
    const raw = JSON.stringify({ type: 'prompt', voicePrompt: 'x'.repeat(RELAY_MAX_FRAME_BYTES) });
    expect(parseRelayFrame(RelayInbound, raw)).toEqual({ ok: false, error: 'Frame is too large' });
  });
});
