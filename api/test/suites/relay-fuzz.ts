import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseRelayFrame, RELAY_MAX_FRAME_BYTES, RelayInbound } from 'shared-contracts';
import { TWILIO_INBOUND_FRAMES } from 'shared-contracts/src/relay-frames.fixture';
import { createAiAgent, createTenant, uniquePhone } from '../factories';
import { callerLinesOf, callRecordOf } from '../helpers/call-record';
import { answeredByLocalResponder } from '../helpers/relay';
import { RelayLine } from '../helpers/relay-line';
import type { TestServer } from '../helpers/server';
import type { SuiteContext } from '../helpers/suite-context';
import { waitFor } from '../helpers/wait-for';
import { BAD_VALUES, nested, nestedObjects, withValue } from '../helpers/fuzz-values';

/**
 * The relay socket tried as a hostile or broken carrier would: every inbound frame variant of the
 * contract with each field broken in each way, missing, padded with fields, nested deep, grown to
 * the frame cap; text that is not JSON, binary frames. Generated from the schema, so a new frame
 * type or field is covered by being in it. The process never crashes or leaves a promise
 * rejected unhandled, a frame the contract refuses never reaches the conversation, and the call
 * goes on answering.
 */

interface Node { type: string; entries?: Record<string, Node>; options?: Node[]; literal?: unknown }

/** What the contract makes of a frame: read, passed over (a newer type), or refused; a parser that throws refuses. */
function verdictOf(raw: string | Buffer): { verdict: 'read' | 'ignored' | 'refused'; turn: boolean; said: string } {
  // Twilio sends text frames only: a binary frame is refused whatever it holds.
  if (Buffer.isBuffer(raw)) return { verdict: 'refused', turn: false, said: '' };
  try {
    const parsed = parseRelayFrame(RelayInbound, raw);
    if (!parsed.ok) return { verdict: parsed.ignored ? 'ignored' : 'refused', turn: false, said: '' };
    const frame = parsed.frame;
    if (frame.type === 'prompt') return { verdict: 'read', turn: frame.last, said: frame.voicePrompt };
    return { verdict: 'read', turn: frame.type === 'dtmf', said: '' };
  } catch {
    return { verdict: 'refused', turn: false, said: '' };
  }
}

interface Shot { label: string; raw: string | Buffer; marker: string | null }

/** A person takes a second or so per turn; turns closer than this would be a flood. */
const TURN_GAP_MS = 400;
/** The longest a caller may wait for the agent's next words. */
const ANSWER_MS = 4_000;

const health = async (server: TestServer) => (await fetch(`${server.origin}/v1/health`)).status;

export function relayFuzzSuite(ctx: SuiteContext) {
  describe('relay protocol under hostile frames', () => {
    answeredByLocalResponder(ctx);
    const rejections: unknown[] = [];
    const exceptions: unknown[] = [];
    const onRejection = (reason: unknown) => { rejections.push(reason); };
    const onException = (err: unknown) => { exceptions.push(err); };
    let agentNumber = '';
    let ownerToken = '';
    let markers = 0;
    before(async () => {
      process.on('unhandledRejection', onRejection);
      process.on('uncaughtException', onException);
      const t = await createTenant(ctx.server);
      ownerToken = t.ownerToken;
      agentNumber = (await createAiAgent(ctx.server.db, { accountId: t.account.id, handleCallType: 'inbound', greeting: 'Fuzz line, hello.' })).phoneNumber!;
    });
    after(() => {
      process.off('unhandledRejection', onRejection);
      process.off('uncaughtException', onException);
    });

    const marker = () => `Marker${(markers += 1)}x${Date.now().toString(36)}`;

    /**
     * Sends the shots on a live call (turns spaced as a person speaks), then checks the server is
     * up, the call answers a plain question within the caller's patience, and the transcript has
     * the words of every frame the contract reads and none of a frame it refuses.
     */
    async function fire(line: RelayLine, callId: string, shots: Shot[]) {
      let lastTurn = 0;
      const kept: string[] = [];
      const refused: string[] = [];
      for (const shot of shots) {
        const { verdict, turn, said } = verdictOf(shot.raw);
        if (turn) {
          await sleep(Math.max(0, lastTurn + TURN_GAP_MS - Date.now()));
          lastTurn = Date.now();
        }
        line.send(shot.raw);
        if (shot.marker === null) continue;
        if (verdict === 'read' && said.includes(shot.marker)) kept.push(shot.marker);
        else if (verdict !== 'read') refused.push(`${shot.label} (${shot.marker})`);
      }
      assert.equal(await health(ctx.server), 200, 'the server answers after the batch');
      await sleep(Math.max(0, lastTurn + TURN_GAP_MS - Date.now()));
      const replies = line.replies.length;
      line.say('Are you still there?');
      assert.ok(await line.until(() => line.replies.length > replies, ANSWER_MS), `the call answers after ${shots.length} hostile frames`);
      assert.equal(line.closeCode, null, 'the call goes on');
      // Lines are stored in the order they were said: once the last question is stored, so is everything before it.
      const said = await waitFor(() => callerLinesOf(ctx.server, callId), (lines) => [...kept, 'Are you still there?'].every((m) => lines.some((l) => l.includes(m))));
      const heard = said.join('\n');
      assert.deepEqual(kept.filter((m) => !heard.includes(m)), [], 'every frame the contract reads reaches the conversation');
      assert.deepEqual(refused.filter((r) => heard.includes(r.slice(r.lastIndexOf('(') + 1, -1))), [], 'no frame the contract refuses reaches the conversation');
    }

    const variants = () => ((RelayInbound as unknown as Node).options ?? []).map((option) => ({
      type: option.entries!.type!.literal as string,
      fields: Object.keys(option.entries!).filter((key) => key !== 'type'),
    }));

    /** A frame of the type as Twilio documents it, on this call; a prompt's words carry a marker to find them by. */
    function documented(type: string, call: { callSid: string; callId: string }): Record<string, unknown> {
      const fixture = TWILIO_INBOUND_FRAMES.find((f) => f.outcome === 'read' && (JSON.parse(f.raw) as { type: string }).type === type);
      assert.ok(fixture, `the frame type "${type}" has a documented example in relay-frames.fixture.ts`);
      const frame = JSON.parse(fixture.raw) as Record<string, unknown>;
      if (type === 'setup') return { ...frame, callSid: call.callSid, customParameters: { callId: call.callId } };
      if (type === 'prompt') return { ...frame, voicePrompt: 'MARKER', last: true };
      return frame;
    }

    /** Every way to break one frame type: each field with each bad value, each field missing, extra fields, a broken type. */
    function shotsFor(type: string, fields: string[], call: { callSid: string; callId: string }): Shot[] {
      const shots: Shot[] = [];
      const add = (label: string, build: (words: string) => string) => {
        const words = marker();
        const raw = build(words);
        shots.push({ label: `${type} ${label}`, raw, marker: type === 'prompt' && raw.includes(words) ? words : null });
      };
      const base = (words: string) => {
        const frame = documented(type, call);
        return type === 'prompt' ? { ...frame, voicePrompt: `Hello ${words}` } : frame;
      };
      for (const field of ['type', ...fields]) {
        for (const [label, value] of BAD_VALUES) add(`${field} as ${label}`, (words) => withValue(base(words), field, value));
        add(`without ${field}`, (words) => {
          const frame = base(words);
          delete frame[field];
          return JSON.stringify(frame);
        });
      }
      add('with fields Twilio may add', (words) => JSON.stringify({ ...base(words), addedLater: { nested: ['value'] }, sequence: 3 }));
      add('with a field nested 12,000 deep', (words) => withValue(base(words), 'extra', nested(12_000)));
      return shots;
    }

    it('reads every frame Twilio documents and passes over a newer type; the call goes on', async () => {
      const { line, callId, callSid } = await RelayLine.dial(ctx.server, agentNumber, uniquePhone(), { setup: false });
      const shots: Shot[] = TWILIO_INBOUND_FRAMES.map((fixture) => {
        const frame = JSON.parse(fixture.raw) as Record<string, unknown>;
        if (frame.type === 'setup') return { label: fixture.name, raw: JSON.stringify({ ...frame, callSid, customParameters: { callId } }), marker: null };
        if (frame.type !== 'prompt') return { label: fixture.name, raw: fixture.raw, marker: null };
        const words = marker();
        return { label: fixture.name, raw: JSON.stringify({ ...frame, voicePrompt: `${String(frame.voicePrompt)} ${words}` }), marker: words };
      });
      // The documented setup opens the call; every other documented frame follows on it.
      line.send(shots[0]!.raw);
      await fire(line, callId, shots.slice(1));
      const said = await waitFor(() => callerLinesOf(ctx.server, callId), (lines) => lines.includes('I pressed 1.'));
      assert.ok(said.includes('I pressed 1.'), `the key the caller pressed is heard (${JSON.stringify(said)})`);
      await line.hangUp();
    });

    it('refuses frames that break each field of each inbound frame type, and every call goes on', async () => {
      const found = variants();
      assert.deepEqual(found.map((f) => f.type).sort(), ['dtmf', 'error', 'interrupt', 'prompt', 'setup']);
      let tried = 0;
      await Promise.all(found.map(async ({ type, fields }) => {
        const { line, callId, callSid } = await RelayLine.dial(ctx.server, agentNumber, uniquePhone());
        const shots = shotsFor(type, fields, { callSid, callId });
        tried += shots.length;
        await fire(line, callId, shots);
        await line.hangUp();
      }));
      assert.ok(tried > 300, `${tried} frames tried`);
    });

    it('refuses deep nesting, frames grown to the cap, and text that is not JSON; the call goes on', async () => {
      const { line, callId } = await RelayLine.dial(ctx.server, agentNumber, uniquePhone());
      const prompt = (words: string) => JSON.stringify({ type: 'prompt', voicePrompt: `Hello ${words}`, last: true });
      const shots: Shot[] = [];
      const add = (label: string, build: (words: string) => string | Buffer, carries = true) => {
        const words = marker();
        shots.push({ label, raw: build(words), marker: carries ? words : null });
      };
      add('an error frame nested 12,000 deep', () => `{"type":"error","x":${nested(12_000).raw}}`, false);
      add('a frame that is only nesting', () => nested(30_000).raw, false);
      add('objects nested 10,000 deep', () => `{"type":"prompt","voicePrompt":"x","x":${nestedObjects(10_000).raw}}`, false);
      add('words grown to the frame cap', (w) => JSON.stringify({ type: 'prompt', voicePrompt: `${w} ${'x'.repeat(RELAY_MAX_FRAME_BYTES - 200)}` }));
      add('multi-byte words grown to the frame cap', (w) => JSON.stringify({ type: 'prompt', voicePrompt: `${w} ${'€'.repeat(Math.floor((RELAY_MAX_FRAME_BYTES - 200) / 3))}` }));
      add('escaped words that grow past a turn', (w) => `{"type":"prompt","voicePrompt":"${w} ${'\\u0041'.repeat(10_000)}"}`);
      add('an escaped lone surrogate', (w) => `{"type":"prompt","voicePrompt":"${w} \\ud800"}`);
      add('5,000 fields', () => JSON.stringify(Object.fromEntries([['type', 'error'], ...Array.from({ length: 5_000 }, (_, i) => [`f${i}`, i])])), false);
      for (const [label, text] of [
        ['text that is not JSON', (w: string) => `{not json ${w}`], ['nothing', () => ''], ['a space', () => ' '],
        ['a frame cut short', (w: string) => prompt(w).slice(0, -5)], ['a trailing comma', (w: string) => `${prompt(w).slice(0, -1)},}`],
        ['single quotes', (w: string) => prompt(w).replaceAll('"', '\'')], ['a byte order mark', (w: string) => `\ufeff${prompt(w)}`],
        ['two frames in one', (w: string) => `${prompt(w)}${prompt(w)}`], ['NaN', () => 'NaN'], ['null', () => 'null'],
        ['an array of a frame', (w: string) => `[${prompt(w)}]`], ['a number', () => '42'], ['a string', () => '"prompt"'], ['true', () => 'true'],
        ['a type on the prototype', (w: string) => `{"__proto__":${prompt(w)}}`],
      ] as Array<[string, (w: string) => string]>) add(label, text);
      for (const type of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'then', '']) add(`the type "${type}"`, (w) => JSON.stringify({ type, voicePrompt: w }));
      add('a duplicate type, the last one a prompt', (w) => `{"type":"setup","type":"prompt","voicePrompt":"Hello ${w}"}`);
      add('a prompt with a prototype field', (w) => `{"type":"prompt","voicePrompt":"Hello ${w}","__proto__":{"last":false}}`);
      await fire(line, callId, shots);
      await line.hangUp();
    });

    it('refuses binary frames (Twilio sends text), whatever they hold; the call goes on', async () => {
      const { line, callId } = await RelayLine.dial(ctx.server, agentNumber, uniquePhone());
      const words = marker();
      await fire(line, callId, [
        { label: 'a binary frame of noise', raw: Buffer.from(Array.from({ length: 4_096 }, (_, i) => (i * 7919) % 256)), marker: null },
        { label: 'a binary frame holding a prompt', raw: Buffer.from(JSON.stringify({ type: 'prompt', voicePrompt: `Hello ${words}`, last: true })), marker: words },
        { label: 'an empty binary frame', raw: Buffer.alloc(0), marker: null },
      ]);
      await line.hangUp();
    });

    it('refuses broken setup frames before the real one, then admits the call', async () => {
      const { line, callId, callSid } = await RelayLine.dial(ctx.server, agentNumber, uniquePhone(), { setup: false });
      const setup = variants().find((v) => v.type === 'setup')!;
      const broken = shotsFor('setup', setup.fields, { callSid, callId }).filter((shot) => verdictOf(shot.raw).verdict !== 'read');
      assert.ok(broken.length > 50, `${broken.length} broken setups`);
      for (const shot of broken) line.send(shot.raw);
      line.send({ type: 'prompt', voicePrompt: 'Hello before setup', last: true });
      assert.equal(await health(ctx.server), 200);
      line.send(JSON.stringify(documented('setup', { callSid, callId })));
      await sleep(TURN_GAP_MS);
      line.say('Hello, is this the front desk?');
      assert.ok((await line.nextReply(ANSWER_MS)).length > 0, 'the call is admitted with its real setup and answered');
      const said = await waitFor(() => callerLinesOf(ctx.server, callId), (lines) => lines.length > 0);
      assert.deepEqual(said, ['Hello, is this the front desk?'], 'nothing said before setup is kept');
      await line.hangUp();
    });

    it('a frame over the cap closes the socket (1009), and the call ends with its record', async () => {
      const { line, callId } = await RelayLine.dial(ctx.server, agentNumber, uniquePhone());
      line.say('Hello there.');
      await line.nextReply(ANSWER_MS);
      line.send(JSON.stringify({ type: 'prompt', voicePrompt: 'x'.repeat(RELAY_MAX_FRAME_BYTES) }));
      assert.equal(await line.closed, 1009);
      const record = await waitFor(() => callRecordOf(ctx.server, ownerToken, callId), (r) => r?.endReason != null && r.summary != null, 15_000);
      assert.ok(record?.endReason, `the call has an end reason (${JSON.stringify(record)})`);
      assert.ok(record?.summary, 'the call has its summary');
      assert.deepEqual(await callerLinesOf(ctx.server, callId), ['Hello there.']);
      assert.equal(await health(ctx.server), 200);
    });

    it('adds up to no crash and no unhandled rejection', () => {
      assert.deepEqual(exceptions.map(String), [], 'uncaught exceptions');
      assert.deepEqual(rejections.map(String), [], 'unhandled rejections');
    });
  });
}
