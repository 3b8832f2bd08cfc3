import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, inArray } from 'drizzle-orm';
import twilio from 'twilio';
import { CALL_END_REASONS, CALLER_CALL_SID_PARAMETER, MEDIA_STREAM_PATH, RELAY_PATH, SPEECH_RESUMED_TEXT, TRANSFER_TEXTS } from 'shared-contracts';
import { MediaStreamCaller, RelayCaller, STAND_IN_AUDIO, STAND_IN_BYTES_PER_CHAR, STAND_IN_VOICES, startSpeechStandIn } from 'shared-test-kit';
import { noPreviewClientText } from '../../src/modules/agent/preview-voice';
import { aiClients, calls, callTraces } from '../../src/db/schema';
import { TWILIO_WEBHOOK_PATHS } from '../../src/modules/telephony/twilio-paths';
import { createAdmin, createAiAgent, createAiClientRow, createTenant, setAgentStatus, uniquePhone } from '../factories';
import { TWILIO_MEDIA_STREAM_FRAMES } from 'shared-contracts/src/media-stream-frames.fixture';
import { readMediaStreamFrame } from '../../src/modules/voice-agent/transport/media-stream-adapter';
import { callerLinesOf, callRecordOf, transcriptOf } from '../helpers/call-record';
import { brokenFrames } from '../helpers/fuzz-values';
import { answeredByLocalResponder, simulatorDoor } from '../helpers/relay';
import { call, startServer, type TestServer } from '../helpers/server';
import { TEST_PUBLIC_URL as PUBLIC_URL, TEST_TWILIO as TWILIO } from '../helpers/twilio-fixture';
import type { SuiteContext } from '../helpers/suite-context';
import { waitFor } from '../helpers/wait-for';
import { STAND_IN_TLS } from '../helpers/stand-in-tls';

const KEY = 'dg-pipeline-key-5151';
const GREETING = 'Pipeline line, hello.';
/** The first pipeline call of a server loads the providers' SDKs (ElevenLabs' takes seconds on a busy machine) before its greeting. */
const GREETING_WAIT_MS = 20_000;

/**
 * Our own speech pipeline on Twilio Media Streams frames: the caller's audio goes through the
 * real Deepgram SDK to a stand-in of its live socket, the session answers, and the reply comes
 * back through the real ElevenLabs SDK as phone audio with a mark after each sentence.
 */
export function speechPipelineSuite(ctx: SuiteContext) {
  /** A voice PlayHT lists to the stand-in's key that the catalogue does not have. */
  const OSWIN = STAND_IN_VOICES.playHt[1]!.id;

  describe('our speech pipeline on Media Streams', () => {
    answeredByLocalResponder(ctx);
    let standIn: Awaited<ReturnType<typeof startSpeechStandIn>>;
    let agentNumber = '';
    let sttClientId = '';
    let voiceClientId = '';
    const clientIds: string[] = [];

    let paused: string[] = [];
    before(async () => {
      // Speech clients are global: ones other suites left enabled would speak on these calls.
      paused = (await ctx.server.db.update(aiClients).set({ enabled: false })
        .where(and(inArray(aiClients.type, ['STT Client', 'TTS Client']), eq(aiClients.enabled, true))).returning({ id: aiClients.id })).map((r) => r.id);
      standIn = await startSpeechStandIn(KEY);
      const { token } = await createAdmin(ctx.server);
      const client = async (type: 'STT Client' | 'TTS Client', provider: 'Deepgram' | 'Elevenlabs') => {
        const row = await createAiClientRow(ctx.server.db, { type, provider, model: '', enabled: true });
        const saved = await call(ctx.server, 'PATCH', `ai-client/update-ai-client/${row.id}`, { token, body: { credentials: { apiKey: KEY, baseUrl: standIn.origin } } });
        assert.equal(saved.status, 200, JSON.stringify(saved.body));
        clientIds.push(row.id);
        return row.id;
      };
      sttClientId = await client('STT Client', 'Deepgram');
      voiceClientId = await client('TTS Client', 'Elevenlabs');
      const t = await createTenant(ctx.server);
      agentNumber = (await createAiAgent(ctx.server.db, {
        accountId: t.account.id, handleCallType: 'inbound', greeting: GREETING, speechPath: 'pipeline', voiceId: 'elevenlabs-rachel', sttClientId,
      })).phoneNumber!;
    });
    after(async () => {
      // Speech clients are global: other suites' calls must not find these.
      await ctx.server.db.update(aiClients).set({ enabled: false }).where(inArray(aiClients.id, clientIds));
      if (paused.length > 0) await ctx.server.db.update(aiClients).set({ enabled: true }).where(inArray(aiClients.id, paused));
      await standIn.close();
    });

    /** A caller dials the agent through the simulator and Twilio's side opens the media stream. */
    async function dial(options = { playAtOnce: true }) {
      const door = await simulatorDoor(ctx.server, 'inbound-call', { from: uniquePhone(), to: agentNumber });
      assert.equal(door.status, 200, JSON.stringify(door.body));
      const { callSid, callId, mediaStream } = door.body.data as { callSid: string; callId: string; mediaStream: { signature: string } };
      const caller = new MediaStreamCaller(`${ctx.server.origin.replace(/^http/, 'ws')}${MEDIA_STREAM_PATH}`, mediaStream.signature, options);
      await caller.start(callSid, callId);
      return { caller, callId };
    }

    it('hears the caller through the STT client\'s live socket and answers in the TTS client\'s voice, a mark after each sentence', async () => {
      const { caller, callId } = await dial();
      // The pipeline says the greeting itself, in the agent's ElevenLabs voice, as phone audio.
      assert.ok(await caller.until(() => caller.sentences.length >= 1, GREETING_WAIT_MS), 'the greeting is spoken');
      assert.equal(caller.sentences[0]!.bytes, GREETING.length * STAND_IN_BYTES_PER_CHAR);
      const voiced = standIn.received.find((r) => r.path === '/v1/text-to-speech/21m00Tcm4TlvDq8ikWAM/stream');
      assert.ok(voiced, 'the greeting went to ElevenLabs\' streaming endpoint in the agent\'s voice');
      assert.equal(voiced.headers['xi-api-key'], KEY);

      standIn.hear('What are your opening hours?');
      caller.speak(600);
      assert.ok(await caller.until(() => caller.sentences.length >= 2, 5_000), 'the agent answers');
      const listener = standIn.listeners.at(-1)!;
      assert.equal(listener.query.get('encoding'), 'mulaw');
      assert.equal(listener.query.get('sample_rate'), '8000');
      assert.ok(listener.bytes >= 1_400 * 8, `the caller's audio reached the transcriber (${listener.bytes} bytes)`);

      const lines = await waitFor(() => transcriptOf(ctx.server, callId), (rows) => rows.length >= 3);
      assert.deepEqual(lines.slice(0, 2), [{ authorType: 'ai', content: GREETING }, { authorType: 'lead', content: 'What are your opening hours?' }]);
      assert.equal(lines[2]!.authorType, 'ai');
      // Every sentence of the reply was spoken: its audio is as long as its words.
      const replyBytes = caller.sentences.slice(1).reduce((sum, s) => sum + s.bytes, 0);
      assert.ok(await caller.until(() => caller.sentences.slice(1).reduce((sum, s) => sum + s.bytes, 0) >= lines[2]!.content.replace(/\s+/g, ' ').length * STAND_IN_BYTES_PER_CHAR - 10 * STAND_IN_BYTES_PER_CHAR, 5_000), `the whole reply was voiced (${replyBytes} bytes for ${lines[2]!.content.length} characters)`);
      await caller.hangUp();
    });

    it('stops the voice when the caller speaks over it, drops what was not played, and keeps only what was heard', async () => {
      const { caller, callId } = await dial({ playAtOnce: false });
      assert.ok(await caller.until(() => caller.sentences.length >= 1, GREETING_WAIT_MS));
      caller.play();
      standIn.hear('Tell me about your services.');
      caller.speak(600);
      const stored = await waitFor(() => transcriptOf(ctx.server, callId), (rows) => rows.length >= 3);
      const reply = stored[2]!.content;
      assert.ok(await caller.until(() => caller.sentences.length >= 3, 5_000), `the reply has more than one sentence: "${reply}"`);
      // The caller hears the reply's first sentence, then speaks over the rest.
      caller.play(1);
      await caller.until(() => false, 100);
      caller.audio(0x00, 200);
      assert.ok(await caller.until(() => caller.clears === 1, 2_000), 'the audio not yet played is cleared');
      const heard = await waitFor(() => transcriptOf(ctx.server, callId), (rows) => rows[2]!.content !== reply);
      assert.ok(reply.startsWith(heard[2]!.content.trim()), `the line keeps the start of the reply: "${heard[2]!.content}" of "${reply}"`);
      assert.ok(heard[2]!.content.length < reply.length);
      await caller.hangUp();
    });

    it('refuses frames that break each field of each event Twilio sends, and the call goes on', async () => {
      const rejections: unknown[] = [];
      const onRejection = (reason: unknown) => { rejections.push(reason); };
      process.on('unhandledRejection', onRejection);
      try {
        const { caller, callId } = await dial();
        assert.ok(await caller.until(() => caller.sentences.length >= 1, GREETING_WAIT_MS));
        let read = 0;
        let keys = 0;
        const shots = TWILIO_MEDIA_STREAM_FRAMES.flatMap(({ frame }) => brokenFrames({ ...frame, streamSid: caller.streamSid }));
        for (const [i, shot] of shots.entries()) {
          const parsed = readMediaStreamFrame(shot.raw);
          if (parsed.ok) read += 1;
          // A key read is a turn: spaced as a person presses them, so they are not a flood.
          if (parsed.ok && parsed.frame.event === 'dtmf') {
            keys += 1;
            await sleep(300);
          }
          caller.send(shot.raw);
          // Frames at about the pace Twilio sends them, under the flood bound.
          if (i % 100 === 99) await sleep(500);
        }
        assert.ok(shots.length > 500, `${shots.length} frames tried`);
        assert.ok(read > 0 && read < shots.length / 2, `${read} of ${shots.length} read`);
        assert.equal((await fetch(`${ctx.server.origin}/v1/health`)).status, 200);
        await sleep(400);
        // The call still hears and answers.
        const before = caller.sentences.length;
        standIn.hear('Are you still there?');
        caller.speak(600);
        assert.ok(await caller.until(() => caller.sentences.length > before, 5_000), 'the call answers after the hostile frames');
        assert.equal(caller.closeCode, null);
        const said = await waitFor(() => callerLinesOf(ctx.server, callId), (lines) => lines.includes('Are you still there?'));
        // Only the keys the contract reads reached the conversation.
        assert.equal(said.filter((line) => line.startsWith('I pressed')).length, keys, JSON.stringify(said));
        assert.deepEqual(rejections, []);
        await caller.hangUp();
      } finally {
        process.off('unhandledRejection', onRejection);
      }
    });

    it('a transcriber that drops mid-call hands the caller to a person, in the voice that still works, and the trace says why', async () => {
      const t = await createTenant(ctx.server);
      const agent = await createAiAgent(ctx.server.db, { accountId: t.account.id, handleCallType: 'inbound', greeting: GREETING, speechPath: 'pipeline', voiceId: 'elevenlabs-rachel', sttClientId });
      await setAgentStatus(ctx.server.db, t.agent.id, 'available');
      const listenersBefore = standIn.listeners.length;
      const door = await simulatorDoor(ctx.server, 'inbound-call', { from: uniquePhone(), to: agent.phoneNumber! });
      const { callSid, callId, mediaStream } = door.body.data as { callSid: string; callId: string; mediaStream: { signature: string } };
      const caller = new MediaStreamCaller(`${ctx.server.origin.replace(/^http/, 'ws')}${MEDIA_STREAM_PATH}`, mediaStream.signature);
      await caller.start(callSid, callId);
      assert.ok(await caller.until(() => caller.sentences.length >= 1, GREETING_WAIT_MS));
      // Once the call's transcription socket is open, the provider drops it.
      await waitFor(async () => standIn.listeners.length, (count) => count > listenersBefore);
      standIn.dropListeners();
      // The caller hears where they go, and the session ends with them handed on.
      assert.ok(await caller.until(() => caller.sentences.length >= 2, 5_000), 'the caller hears where they go');
      const lines = await waitFor(() => transcriptOf(ctx.server, callId), (rows) => rows.at(-1)?.content === TRANSFER_TEXTS.toQueue);
      assert.equal(lines.at(-1)?.content, TRANSFER_TEXTS.toQueue);
      await caller.closed;
      const trace = await waitFor(() => ctx.server.db.select().from(callTraces).where(eq(callTraces.callId, callId)), (rows) => rows.length === 1);
      assert.match(trace[0]!.speechFallback ?? '', /transcription failed/);
      const record = await waitFor(() => callRecordOf(ctx.server, t.ownerToken, callId), (r) => r?.endReason !== null);
      assert.equal(record?.endReason, CALL_END_REASONS.handedToPerson);
    });

    describe('a provider that fails hands the caller to a person, never to silence', () => {
      type StandIn = Awaited<ReturnType<typeof startSpeechStandIn>>;
      const VOICE_KEY = 'el-fault-key-6262';
      /** Each fault: when it strikes (at the greeting, or once the caller has asked), what it does, and what the trace says. */
      const FAULTS: Array<{ fault: string; voiceKey?: string; sttKey?: string; midCall?: (voice: StandIn, stt: StandIn) => unknown; why: RegExp }> = [
        { fault: 'voice refuses the key', voiceKey: 'el-wrong-key-0000', why: /the voice failed: .*401/ },
        { fault: 'voice answers an error page with a 200', midCall: (voice) => voice.setVoiceAnswer('text'), why: /text instead of audio/ },
        { fault: 'voice never answers', midCall: (voice) => voice.setVoiceDelay(10_000), why: /no audio in 3 s/ },
        { fault: 'voice goes down', midCall: (voice) => voice.close(), why: /the voice failed/ },
        { fault: 'transcriber refuses the key', sttKey: 'dg-wrong-key-0000', why: /transcription/ },
        { fault: 'transcriber drops its socket', midCall: (_voice, stt) => stt.dropListeners(), why: /transcription failed/ },
      ];
      // Calls take the first enabled TTS client of the voice's provider: the suite's steps aside.
      before(async () => { await ctx.server.db.update(aiClients).set({ enabled: false }).where(eq(aiClients.id, voiceClientId)); });
      after(async () => { await ctx.server.db.update(aiClients).set({ enabled: true }).where(eq(aiClients.id, voiceClientId)); });

      for (const { fault, voiceKey, sttKey, midCall, why } of FAULTS) {
        it(`${fault}`, async () => {
          const voice = await startSpeechStandIn(VOICE_KEY);
          const stt = await startSpeechStandIn(KEY);
          const { token } = await createAdmin(ctx.server);
          const rows: string[] = [];
          const client = async (type: 'STT Client' | 'TTS Client', provider: 'Deepgram' | 'Elevenlabs', apiKey: string, baseUrl: string) => {
            const row = await createAiClientRow(ctx.server.db, { type, provider, model: '', enabled: true });
            rows.push(row.id);
            const saved = await call(ctx.server, 'PATCH', `ai-client/update-ai-client/${row.id}`, { token, body: { credentials: { apiKey, baseUrl } } });
            assert.equal(saved.status, 200, JSON.stringify(saved.body));
            return row.id;
          };
          try {
            const faultSttId = await client('STT Client', 'Deepgram', sttKey ?? KEY, stt.origin);
            await client('TTS Client', 'Elevenlabs', voiceKey ?? VOICE_KEY, voice.origin);
            const t = await createTenant(ctx.server);
            await setAgentStatus(ctx.server.db, t.agent.id, 'available');
            const agent = await createAiAgent(ctx.server.db, { accountId: t.account.id, handleCallType: 'inbound', greeting: GREETING, speechPath: 'pipeline', voiceId: 'elevenlabs-rachel', sttClientId: faultSttId });
            const door = await simulatorDoor(ctx.server, 'inbound-call', { from: uniquePhone(), to: agent.phoneNumber! });
            const { callSid, callId, mediaStream } = door.body.data as { callSid: string; callId: string; mediaStream: { signature: string } };
            const caller = new MediaStreamCaller(`${ctx.server.origin.replace(/^http/, 'ws')}${MEDIA_STREAM_PATH}`, mediaStream.signature);
            await caller.start(callSid, callId);
            let struck = Date.now();
            let asked = false;
            if (midCall) {
              assert.ok(await caller.until(() => caller.sentences.length >= 1, GREETING_WAIT_MS), 'the greeting is spoken');
              await waitFor(async () => stt.listeners.length, (count) => count > 0);
              await midCall(voice, stt);
              stt.hear('What are your opening hours?');
              caller.speak(600);
              asked = true;
              struck = Date.now();
            }
            const closedBy = await Promise.race([caller.closed.then(() => Date.now()), sleep(GREETING_WAIT_MS).then(() => null)]);
            assert.ok(closedBy !== null, `the caller was never handed on (heard ${caller.sentences.length} sentences)`);
            const handedOnMs = closedBy - struck;
            const record = await waitFor(() => callRecordOf(ctx.server, t.ownerToken, callId), (r) => r?.endReason != null);
            const [trace] = await waitFor(() => ctx.server.db.select().from(callTraces).where(eq(callTraces.callId, callId)), (found) => found[0]?.speechFallback != null);
            const lines = await callerLinesOf(ctx.server, callId);
            console.log(`speech fault ${fault}: handed on ${handedOnMs} ms after it struck, end ${record?.endReason}, caller lines kept ${lines.length}`);
            assert.equal(record?.endReason, CALL_END_REASONS.handedToPerson);
            assert.match(trace!.speechFallback ?? '', why);
            // The voice's stall is the longest a caller waits: 3 s, then the hand-on.
            assert.ok(handedOnMs < 4_000 + (midCall ? 0 : GREETING_WAIT_MS), `handed on after ${handedOnMs} ms`);
            if (asked && !/transcri/.test(fault)) assert.deepEqual(lines, ['What are your opening hours?']);
          } finally {
            await ctx.server.db.update(aiClients).set({ enabled: false }).where(inArray(aiClients.id, rows));
            await Promise.allSettled([voice.close(), stt.close()]);
          }
        });
      }
    });

    it('hears the caller through AssemblyAI\'s streaming socket (over TLS, as its SDK requires)', async () => {
      const secure = await startSpeechStandIn(KEY, { tls: STAND_IN_TLS });
      const row = await createAiClientRow(ctx.server.db, { type: 'STT Client', provider: 'AssemblyAI', model: '', enabled: true });
      try {
        const { token } = await createAdmin(ctx.server);
        const saved = await call(ctx.server, 'PATCH', `ai-client/update-ai-client/${row.id}`, { token, body: { credentials: { apiKey: KEY, baseUrl: secure.tlsOrigin } } });
        assert.equal(saved.status, 200, JSON.stringify(saved.body));
        const t = await createTenant(ctx.server);
        const agent = await createAiAgent(ctx.server.db, { accountId: t.account.id, handleCallType: 'inbound', greeting: GREETING, speechPath: 'pipeline', voiceId: 'elevenlabs-rachel', sttClientId: row.id });
        const door = await simulatorDoor(ctx.server, 'inbound-call', { from: uniquePhone(), to: agent.phoneNumber! });
        const { callSid, callId, mediaStream } = door.body.data as { callSid: string; callId: string; mediaStream: { signature: string } };
        const caller = new MediaStreamCaller(`${ctx.server.origin.replace(/^http/, 'ws')}${MEDIA_STREAM_PATH}`, mediaStream.signature);
        await caller.start(callSid, callId);
        assert.ok(await caller.until(() => caller.sentences.length >= 1, GREETING_WAIT_MS), 'the greeting is spoken');
        secure.hear('Where are you located?');
        caller.speak(600);
        assert.ok(await caller.until(() => caller.sentences.length >= 2, 5_000), 'the agent answers');
        const listener = secure.listeners.at(-1)!;
        assert.deepEqual([listener.query.get('encoding'), listener.query.get('sample_rate')], ['pcm_mulaw', '8000']);
        const lines = await waitFor(() => transcriptOf(ctx.server, callId), (rows) => rows.length >= 3);
        assert.deepEqual(lines[1], { authorType: 'lead', content: 'Where are you located?' });
        await caller.hangUp();
      } finally {
        await ctx.server.db.update(aiClients).set({ enabled: false }).where(eq(aiClients.id, row.id));
        await secure.close();
      }
    });

    describe('on Twilio', () => {
      let server: TestServer;
      before(async () => {
        server = await startServer(ctx.server.db, { twilio: TWILIO, publicApiUrl: PUBLIC_URL });
      });
      after(() => server.close());

      const signedPost = (path: string, params: Record<string, string>) => fetch(`${server.origin}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-twilio-signature': twilio.getExpectedTwilioSignature(TWILIO.authToken, `${PUBLIC_URL}${path}`, params),
        },
        body: new URLSearchParams(params).toString(),
      });

      async function incoming(agent: { phoneNumber: string | null }, accountId: string) {
        const callSid = `CA${Math.random().toString(16).slice(2).padEnd(32, '0').slice(0, 32)}`;
        const response = await signedPost(TWILIO_WEBHOOK_PATHS.incomingCall, { CallSid: callSid, From: uniquePhone(), To: agent.phoneNumber! });
        assert.equal(response.status, 200);
        const [row] = await server.db.select().from(calls).where(eq(calls.callSid, callSid));
        assert.equal(row?.accountId, accountId);
        return { xml: await response.text(), callSid, callId: row!.id };
      }

      it('connects a call of a pipeline agent to the media stream, and a caller asking for a person reaches one when the stream ends', async () => {
        const t = await createTenant(server);
        const agent = await createAiAgent(server.db, { accountId: t.account.id, handleCallType: 'inbound', greeting: GREETING, speechPath: 'pipeline', voiceId: 'elevenlabs-rachel', sttClientId });
        const { xml, callSid, callId } = await incoming(agent, t.account.id);
        assert.match(xml, new RegExp(`<Connect action="${PUBLIC_URL}${TWILIO_WEBHOOK_PATHS.relayAction}\\?callId=${callId}"><Stream url="wss://calls\\.example\\.test${MEDIA_STREAM_PATH}"><Parameter name="callId" value="${callId}"/></Stream></Connect>`));

        const signature = twilio.getExpectedTwilioSignature(TWILIO.authToken, `wss://calls.example.test${MEDIA_STREAM_PATH}`, {});
        const caller = new MediaStreamCaller(`${server.origin.replace(/^http/, 'ws')}${MEDIA_STREAM_PATH}`, signature);
        await caller.start(callSid, callId);
        assert.ok(await caller.until(() => caller.sentences.length >= 1, GREETING_WAIT_MS), 'the greeting is spoken');
        await setAgentStatus(server.db, t.agent.id, 'available');
        standIn.hear('Can I speak to someone please?');
        caller.speak(600);
        // The agent says where the caller goes; once it has been heard, the stream closes and Twilio asks the action URL.
        assert.equal(await caller.closed, 1000);
        const said = await transcriptOf(server, callId);
        assert.equal(said.at(-1)?.content, TRANSFER_TEXTS.toQueue);
        const action = await signedPost(`${TWILIO_WEBHOOK_PATHS.relayAction}?callId=${callId}`, { CallSid: callSid });
        assert.equal(action.status, 200);
        assert.match(await action.text(), new RegExp(`<Client[^>]*><Identity>${t.agent.email}</Identity><Parameter name="${CALLER_CALL_SID_PARAMETER}" value="${callSid}"/></Client>`));
      });

      it('a voice that goes silent mid-call hands the call to Twilio\'s voice, which takes it on from where it was', async () => {
        const t = await createTenant(server);
        const agent = await createAiAgent(server.db, { accountId: t.account.id, handleCallType: 'inbound', greeting: GREETING, speechPath: 'pipeline', voiceId: 'elevenlabs-rachel', sttClientId });
        const { callSid, callId } = await incoming(agent, t.account.id);
        const signature = twilio.getExpectedTwilioSignature(TWILIO.authToken, `wss://calls.example.test${MEDIA_STREAM_PATH}`, {});
        const caller = new MediaStreamCaller(`${server.origin.replace(/^http/, 'ws')}${MEDIA_STREAM_PATH}`, signature);
        await caller.start(callSid, callId);
        assert.ok(await caller.until(() => caller.sentences.length >= 1, GREETING_WAIT_MS));
        standIn.setVoiceDelay(10_000);
        try {
          standIn.hear('What are your opening hours?');
          caller.speak(600);
          // The voice sends nothing for 3 s: the stream closes, and Twilio asks the action URL what next.
          assert.equal(await caller.closed, 1000);
        } finally {
          standIn.setVoiceDelay(0);
        }
        const action = await signedPost(`${TWILIO_WEBHOOK_PATHS.relayAction}?callId=${callId}`, { CallSid: callSid });
        const xml = await action.text();
        assert.match(xml, /<ConversationRelay url="wss:\/\/calls\.example\.test\/v1\/telephony\/relay"/);
        assert.match(xml, new RegExp(`welcomeGreeting="${SPEECH_RESUMED_TEXT.replace(/[.:]/g, '\\$&')}"`));
        // Twilio's voice takes the call on: the conversation goes on from what was said.
        const relaySignature = twilio.getExpectedTwilioSignature(TWILIO.authToken, `wss://calls.example.test${RELAY_PATH}`, {});
        const relay = new RelayCaller({ url: `${server.origin.replace(/^http/, 'ws')}${RELAY_PATH}`, signature: relaySignature, callSid, callId, from: uniquePhone(), to: agent.phoneNumber! });
        await relay.start();
        relay.say('Goodbye then.');
        assert.ok((await relay.nextReply(5_000)).length > 0, 'the call answers on Twilio\'s voice');
        await relay.hangUp();
        const lines = await waitFor(() => transcriptOf(server, callId), (rows) => rows.some((r) => r.content === 'Goodbye then.'));
        const said = lines.map((l) => l.content);
        assert.deepEqual(said.slice(0, 2), [GREETING, 'What are your opening hours?']);
        assert.ok(said.includes(SPEECH_RESUMED_TEXT), JSON.stringify(said));
        const [trace] = await waitFor(() => server.db.select().from(callTraces).where(eq(callTraces.callId, callId)), (rows) => rows.length === 1 && rows[0]!.turns.length >= 2);
        assert.match(trace!.speechFallback ?? '', /no audio in 3 s/);
        assert.deepEqual(trace!.turns.map((turn) => turn.caller), ['What are your opening hours?', 'Goodbye then.']);
        // The call was never ended by the pipeline's failure.
        assert.notEqual((await server.db.select({ endReason: calls.endReason }).from(calls).where(eq(calls.id, callId)))[0]?.endReason, CALL_END_REASONS.speechFallback);
      });

      it('lets Twilio speak on a pipeline agent\'s call when the pipeline cannot take it', async () => {
        const t = await createTenant(server);
        const agent = await createAiAgent(server.db, { accountId: t.account.id, handleCallType: 'inbound', speechPath: 'pipeline', voiceId: 'elevenlabs-rachel', sttClientId: null });
        const { xml } = await incoming(agent, t.account.id);
        assert.match(xml, /<ConversationRelay /);
        assert.doesNotMatch(xml, /<Stream /);
      });
    });

    it('previews a voice in itself through the administrator\'s speech client of its provider, and says when none can', async () => {
      const { ownerToken } = await createTenant(ctx.server);
      const voices = await call(ctx.server, 'POST', 'agent/get-agent-voices', { token: ownerToken, body: {} });
      const byId = new Map((voices.body.data as Array<{ id: string; providerPreview: boolean }>).map((voice) => [voice.id, voice.providerPreview]));
      assert.equal(byId.get('elevenlabs-rachel'), true);
      assert.equal(byId.get('polly-joanna'), false);

      const before = standIn.received.length;
      const preview = await call(ctx.server, 'POST', 'agent/preview-voice', { token: ownerToken, body: { voiceId: 'elevenlabs-rachel', text: ' Thanks for calling Acme. ' } });
      assert.equal(preview.status, 200, JSON.stringify(preview.body));
      assert.equal(Buffer.from(preview.body.data.base64, 'base64').equals(STAND_IN_AUDIO), true);
      const asked = standIn.received.slice(before).find((r) => r.path === '/v1/text-to-speech/21m00Tcm4TlvDq8ikWAM');
      assert.ok(asked, 'the sentence went to ElevenLabs in the voice\'s own id');
      assert.equal(JSON.parse(asked.body.toString()).text, 'Thanks for calling Acme.');

      const none = await call(ctx.server, 'POST', 'agent/preview-voice', { token: ownerToken, body: { voiceId: 'polly-joanna', text: 'Hello.' } });
      assert.deepEqual([none.status, none.body.message], [400, noPreviewClientText('Amazon Polly')]);
      for (const [body, message] of [
        [{ voiceId: 'elevenlabs-rachel', text: '  ' }, 'Enter a sentence to preview'],
        [{ voiceId: 'elevenlabs-rachel', text: 'x'.repeat(301) }, 'A preview speaks at most 300 characters'],
        [{ voiceId: 'no-such-voice', text: 'Hello.' }, 'Choose a voice from the list'],
      ] as const) {
        const refused = await call(ctx.server, 'POST', 'agent/preview-voice', { token: ownerToken, body });
        assert.deepEqual([refused.status, refused.body.message], [400, message]);
      }
      const { token: admin } = await createAdmin(ctx.server);
      assert.equal((await call(ctx.server, 'POST', 'agent/preview-voice', { token: admin, body: { voiceId: 'elevenlabs-rachel', text: 'Hi.' } })).status, 403);
    });

    it('holds a USER\'s browser test call in the agent\'s own voice: audio both ways, the words beside it, one socket per link', async () => {
      const t = await createTenant(ctx.server);
      const agent = await createAiAgent(ctx.server.db, { accountId: t.account.id, handleCallType: 'inbound', greeting: GREETING, speechPath: 'pipeline', voiceId: 'elevenlabs-rachel', sttClientId });
      const started = await call(ctx.server, 'POST', 'call/start-browser-call', { token: t.ownerToken, body: { agentId: agent.id } });
      assert.equal(started.status, 200, JSON.stringify(started.body));
      const { callId, callSid, audioPath, relayPath } = started.body.data as { callId: string; callSid: string; audioPath?: string; relayPath: string };
      assert.match(audioPath ?? '', new RegExp(`^${MEDIA_STREAM_PATH}\\?callId=${callId}&`));
      const ws = ctx.server.origin.replace(/^http/, 'ws');

      // The link names its call: a start for another call is refused.
      const other = await createAiAgent(ctx.server.db, { accountId: t.account.id, handleCallType: 'inbound', speechPath: 'pipeline', voiceId: 'elevenlabs-rachel', sttClientId });
      const second = (await call(ctx.server, 'POST', 'call/start-browser-call', { token: t.ownerToken, body: { agentId: other.id } })).body.data as { audioPath: string; callSid: string };
      const wrong = new MediaStreamCaller(`${ws}${second.audioPath}`, undefined);
      await wrong.start(second.callSid, callId);
      assert.equal(await wrong.closed, 4401);

      const browser = new MediaStreamCaller(`${ws}${audioPath}`, undefined);
      await browser.start(callSid, callId);
      assert.ok(await browser.until(() => browser.sentences.length >= 1, GREETING_WAIT_MS), 'the greeting arrives as audio');
      // The link admitted one socket: the relay link of the same call no longer opens.
      const relay = new MediaStreamCaller(`${ws}${relayPath}`, undefined);
      assert.equal(await relay.closed, 4401);

      standIn.hear('Do you open on Sundays?');
      browser.speak(600);
      assert.ok(await browser.until(() => browser.sentences.length >= 2, 5_000), 'the reply arrives as audio');
      assert.deepEqual(browser.heard, ['Do you open on Sundays?']);
      const lines = await waitFor(() => transcriptOf(ctx.server, callId), (rows) => rows.length >= 3);
      assert.ok(await browser.until(() => browser.agentText === lines[2]!.content, 5_000), `the reply's words came beside its audio: "${browser.agentText}"`);

      standIn.hear('Thanks, goodbye.');
      browser.speak(600);
      assert.equal(await browser.closed, 1000);
      assert.deepEqual(JSON.parse(browser.handoffData ?? '{}'), { reasonCode: 'call-ended', reason: '' });
      const record = await waitFor(() => callRecordOf(ctx.server, t.ownerToken, callId), (r) => r?.endReason !== null);
      assert.equal(record?.endReason, CALL_END_REASONS.agentEnded);

      // An agent that Twilio speaks for is talked to over the relay, as before.
      const twilioAgent = await createAiAgent(ctx.server.db, { accountId: t.account.id, handleCallType: 'inbound' });
      const plain = await call(ctx.server, 'POST', 'call/start-browser-call', { token: t.ownerToken, body: { agentId: twilioAgent.id } });
      assert.equal((plain.body.data as { audioPath?: string }).audioPath, undefined);
    });

    it('offers the voices the TTS clients\' providers list, kept for a while, and agents speak in them', async () => {
      const { token: admin } = await createAdmin(ctx.server);
      const extra: string[] = [];
      for (const [provider, secret, baseUrl] of [
        ['Deepgram', { apiKey: KEY }, standIn.origin],
        ['PlayHT', { apiKey: KEY, userId: 'playht-voices-user' }, standIn.origin],
        ['Amazon Polly', { accessKeyId: KEY, secretAccessKey: 'aws-secret-voices', region: 'us-east-1' }, standIn.h2Origin],
      ] as const) {
        const row = await createAiClientRow(ctx.server.db, { type: 'TTS Client', provider, model: '', enabled: true });
        const saved = await call(ctx.server, 'PATCH', `ai-client/update-ai-client/${row.id}`, { token: admin, body: { credentials: { ...secret, baseUrl } } });
        assert.equal(saved.status, 200, JSON.stringify(saved.body));
        extra.push(row.id);
      }
      try {
        const t = await createTenant(ctx.server);
        const listingsAsked = () => standIn.received.filter((r) => ['/v1/voices', '/v1/models', '/api/v2/voices'].includes(r.path)).length;
        const voices = await call(ctx.server, 'POST', 'agent/get-agent-voices', { token: t.ownerToken, body: {} });
        assert.equal(voices.status, 200, JSON.stringify(voices.body));
        const listed = (voices.body.data as Array<{ id: string; name: string; provider: string; gender: string; accent: string | null; language: string; providerPreview: boolean }>)
          .filter((voice) => voice.id.includes(':'));
        assert.deepEqual(listed.map(({ id, name, provider, gender, accent, language, providerPreview }) => ({ id, name, provider, gender, accent, language, providerPreview })), [
          { id: 'elevenlabs:stdInVoice0001', name: 'Marlowe', provider: 'Elevenlabs', gender: 'male', accent: 'british', language: 'en-GB', providerPreview: true },
          { id: 'deepgram:aura-2-luna-en', name: 'Luna', provider: 'Deepgram', gender: 'female', accent: 'American', language: 'en-US', providerPreview: true },
          { id: `playht:${OSWIN}`, name: 'Oswin', provider: 'PlayHT', gender: 'male', accent: 'irish', language: 'en-IE', providerPreview: true },
          { id: 'polly:Brian', name: 'Brian', provider: 'Amazon Polly', gender: 'male', accent: 'British English', language: 'en-GB', providerPreview: true },
        ]);
        // Rachel and Jennifer are the catalogue's own voices: offered once each.
        for (const name of ['Rachel', 'Jennifer']) assert.equal((voices.body.data as Array<{ name: string }>).filter((voice) => voice.name === name).length, 1);
        // Asked again, the lists are the ones kept, not fetched again.
        const asked = listingsAsked();
        const again = await call(ctx.server, 'POST', 'agent/get-agent-voices', { token: t.ownerToken, body: { search: 'marl' } });
        assert.deepEqual((again.body.data as Array<{ id: string }>).map((voice) => voice.id), ['elevenlabs:stdInVoice0001']);
        assert.equal(listingsAsked(), asked);

        // An agent may take a listed voice, not one its provider does not list.
        const body = (voiceId: string) => ({
          name: 'Marlowe line', handleCallType: 'inbound', greeting: 'Marlowe speaking.', prompt: 'Answer questions.', voiceId, speechPath: 'pipeline', sttClientId,
        });
        const refused = await call(ctx.server, 'POST', 'agent/create-agent', { token: t.ownerToken, body: body('elevenlabs:notListed01') });
        assert.deepEqual([refused.status, refused.body.message], [400, 'Choose a voice from the list']);
        const created = await call(ctx.server, 'POST', 'agent/create-agent', { token: t.ownerToken, body: body('elevenlabs:stdInVoice0001') });
        assert.equal(created.status, 200, JSON.stringify(created.body));

        // Its calls speak in that voice, through the administrator's ElevenLabs client.
        const started = (await call(ctx.server, 'POST', 'call/start-browser-call', { token: t.ownerToken, body: { agentId: created.body.data.id } })).body.data as { callId: string; callSid: string; audioPath: string };
        const browser = new MediaStreamCaller(`${ctx.server.origin.replace(/^http/, 'ws')}${started.audioPath}`, undefined);
        await browser.start(started.callSid, started.callId);
        assert.ok(await browser.until(() => browser.sentences.length >= 1, GREETING_WAIT_MS), 'the greeting is spoken');
        assert.ok(standIn.received.some((r) => r.path === '/v1/text-to-speech/stdInVoice0001/stream'), 'the greeting went to ElevenLabs in the listed voice');
        await browser.hangUp();

        // PlayHT's SDK asks where to stream from with the key and user ID, then streams phone audio in the voice.
        const oswin = await call(ctx.server, 'POST', 'agent/create-agent', { token: t.ownerToken, body: { ...body(`playht:${OSWIN}`), name: 'Oswin line', greeting: 'Oswin speaking.' } });
        assert.equal(oswin.status, 200, JSON.stringify(oswin.body));
        const playHtCall = (await call(ctx.server, 'POST', 'call/start-browser-call', { token: t.ownerToken, body: { agentId: oswin.body.data.id } })).body.data as { callId: string; callSid: string; audioPath: string };
        const caller = new MediaStreamCaller(`${ctx.server.origin.replace(/^http/, 'ws')}${playHtCall.audioPath}`, undefined);
        await caller.start(playHtCall.callSid, playHtCall.callId);
        assert.ok(await caller.until(() => caller.sentences.length >= 1, GREETING_WAIT_MS), 'the greeting is spoken');
        assert.equal(caller.sentences[0]!.bytes, 'Oswin speaking.'.length * STAND_IN_BYTES_PER_CHAR);
        const auth = standIn.received.find((r) => r.path === '/api/v4/sdk-auth');
        assert.deepEqual([auth?.headers.authorization, auth?.headers['x-user-id']], [`Bearer ${KEY}`, 'playht-voices-user']);
        const spoken = standIn.received.find((r) => r.path === '/playht-stream/Play3.0-mini');
        assert.deepEqual(spoken && JSON.parse(spoken.body.toString('utf8')), { text: 'Oswin speaking.', voice: OSWIN, output_format: 'mulaw', sample_rate: 8_000, voice_engine: 'Play3.0-mini' });
        await caller.hangUp();
      } finally {
        await ctx.server.db.update(aiClients).set({ enabled: false }).where(inArray(aiClients.id, extra));
      }
    });

    it('refuses a media stream that is not signed', async () => {
      const caller = new MediaStreamCaller(`${ctx.server.origin.replace(/^http/, 'ws')}${MEDIA_STREAM_PATH}`, undefined);
      assert.equal(await caller.closed, 4401);
    });
  });
}
