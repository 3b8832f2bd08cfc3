import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { stepCountIs, streamText } from 'ai';
import * as v from 'valibot';
import type { CallTool } from '../src/modules/voice-agent/tools/call-tools';
import { languageModelFor } from '../src/modules/voice-agent/responders/language-model';
import { conversationOf, systemPromptOf } from '../src/modules/voice-agent/responders/model-prompt';
import { createModelResponder, ModelReplyError } from '../src/modules/voice-agent/responders/model-responder';
import { modelToolsOf } from '../src/modules/voice-agent/responders/model-tools';
import type { ReplyInput, Responder } from '../src/modules/voice-agent/responders/responder';
import { startFakeProvider, type FakeProvider, type ScriptedAnswer, type WireFormat } from 'shared-test-kit';

const PROVIDERS: Array<{ format: WireFormat; provider: 'OpenAI' | 'Claude' | 'Gemini'; model: string; name: string }> = [
  { format: 'openai', provider: 'OpenAI', model: 'llama3.1', name: 'an OpenAI-compatible endpoint' },
  { format: 'anthropic', provider: 'Claude', model: 'claude-3-5-haiku', name: 'Claude' },
  { format: 'gemini', provider: 'Gemini', model: 'gemini-2.0-flash', name: 'Gemini' },
];

const API_KEY = 'sk-test-key-0123';

const servers: FakeProvider[] = [];
after(async () => {
  await Promise.all(servers.map((server) => server.close()));
});

async function responderFor(format: WireFormat, answers: ScriptedAnswer[]): Promise<{ responder: Responder; server: FakeProvider }> {
  const server = await startFakeProvider(format, answers);
  servers.push(server);
  const entry = PROVIDERS.find((p) => p.format === format)!;
  return { responder: createModelResponder({ provider: entry.provider, model: entry.model, apiKey: API_KEY, baseUrl: server.baseUrl }), server };
}

/** A gate the test opens: the fake server waits on it in the middle of an answer. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

const BookingArgs = v.object({
  day: v.pipe(v.string(), v.trim(), v.picklist(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], 'Say a weekday')),
  time: v.pipe(v.string(), v.regex(/^\d{1,2}:\d{2}$/, 'Say the time as hours and minutes')),
});

function bookingTool(ran: unknown[]): CallTool<typeof BookingArgs> {
  return {
    name: 'book_appointment',
    description: 'Book an appointment for the caller',
    args: BookingArgs,
    async run(args) {
      ran.push(args);
      return { ok: true, say: `Booked for ${args.day} at ${args.time}.` };
    },
  };
}

const input = (overrides: Partial<ReplyInput> = {}): ReplyInput => ({
  instructions: 'You are the receptionist of Bright Smile Dental.',
  history: [
    { speaker: 'agent', text: 'Thanks for calling Bright Smile Dental, how can I help?' },
    { speaker: 'caller', text: 'When are you open?' },
  ],
  knowledge: ['We are open Monday to Friday, 9 to 5.', 'Parking is behind the building.'],
  tools: [],
  signal: new AbortController().signal,
  ...overrides,
});

async function collect(tokens: AsyncIterable<string>): Promise<string[]> {
  const seen: string[] = [];
  for await (const token of tokens) seen.push(token);
  return seen;
}

const sent = (server: FakeProvider, index = 0) => JSON.stringify(server.requests[index]?.body ?? {});

for (const { format, provider, model, name } of PROVIDERS) {
  describe(`model responder: ${name}`, { timeout: 20_000 }, () => {
    it('streams each token as it arrives, before the provider has finished the reply', async () => {
      const hold = gate();
      // Let go on its own in the end, so a responder that waits for the whole reply fails here
      // rather than hanging.
      const letGo = setTimeout(hold.open, 3_000);
      const { responder, server } = await responderFor(format, [[{ text: 'We are open' }, { wait: hold.opened }, { text: ' Monday' }, { text: ' to Friday.' }]]);
      const tokens: string[] = [];
      let finishedAtFirstToken: boolean | undefined;
      for await (const token of responder.reply(input())) {
        if (tokens.length === 0) {
          finishedAtFirstToken = server.requests[0]!.finished;
          hold.open();
        }
        tokens.push(token);
      }
      clearTimeout(letGo);
      assert.equal(finishedAtFirstToken, false, 'the first token came while the provider was still answering');
      assert.deepEqual(tokens, ['We are open', ' Monday', ' to Friday.']);
      assert.equal(responder.label, `${provider} ${model}`);
    });

    it('sends the instructions, the phone style, the knowledge as reference material, the call so far and the key', async () => {
      const { responder, server } = await responderFor(format, [[{ text: 'Nine to five.' }]]);
      await collect(responder.reply(input()));
      const request = server.requests[0]!;
      const body = sent(server);
      assert.ok(body.includes('Bright Smile Dental'), 'instructions');
      assert.ok(body.includes('live phone call') && body.includes('Never use markdown'), 'phone style');
      assert.match(body, /REFERENCE MATERIAL.*Monday to Friday, 9 to 5.*Parking is behind the building.*END OF REFERENCE MATERIAL/);
      assert.ok(body.includes('When are you open?'), 'the caller\'s turn');
      assert.ok(body.includes('Thanks for calling Bright Smile Dental'), 'the greeting');
      const key = { openai: request.headers.authorization, anthropic: request.headers['x-api-key'], gemini: request.headers['x-goog-api-key'] }[format];
      assert.equal(key, format === 'openai' ? `Bearer ${API_KEY}` : API_KEY);
      assert.ok(body.includes(model) || request.path.includes(model), 'the model');
    });

    it('runs a tool with checked arguments, then streams what the model says about it', async () => {
      const ran: unknown[] = [];
      const { responder, server } = await responderFor(format, [
        [{ text: 'Let me book that.' }, { toolCall: { name: 'book_appointment', args: { day: ' Tuesday ', time: '15:00' } } }],
        [{ text: 'You are booked' }, { text: ' for Tuesday at 15:00.' }],
      ]);
      const tokens = await collect(responder.reply(input({ tools: [bookingTool(ran)] })));
      assert.deepEqual(ran, [{ day: 'Tuesday', time: '15:00' }]);
      assert.deepEqual(tokens, ['Let me book that.', ' You are booked', ' for Tuesday at 15:00.']);
      assert.ok(sent(server, 0).includes('book_appointment'), 'the tool is offered');
      assert.ok(sent(server, 1).includes('Booked for Tuesday at 15:00.'), 'the tool\'s answer goes back to the model');
    });

    it('answers bad tool arguments with a sentence the model can act on, never an exception', async () => {
      const ran: unknown[] = [];
      const { responder, server } = await responderFor(format, [
        [{ toolCall: { name: 'book_appointment', args: { day: 'Someday', time: 'after lunch' } } }],
        [{ text: 'Which weekday and time suit you?' }],
      ]);
      const tokens = await collect(responder.reply(input({ tools: [bookingTool(ran)] })));
      assert.deepEqual(ran, []);
      assert.deepEqual(tokens, ['Which weekday and time suit you?']);
      const toolAnswer = sent(server, 1);
      assert.ok(toolAnswer.includes('The book_appointment action was not taken'), toolAnswer);
      assert.ok(toolAnswer.includes('day: Say a weekday') && toolAnswer.includes('time: Say the time as hours and minutes'), toolAnswer);
    });

    it('answers a call of a tool the agent does not have with the error, and the model speaks on', async () => {
      const ran: unknown[] = [];
      const { responder, server } = await responderFor(format, [
        [{ toolCall: { name: 'cancel_everything', args: {} } }],
        [{ text: 'I cannot do that, sorry.' }],
      ]);
      const tokens = await collect(responder.reply(input({ tools: [bookingTool(ran)] })));
      assert.deepEqual(tokens, ['I cannot do that, sorry.']);
      assert.deepEqual(ran, []);
      assert.ok(sent(server, 1).includes('unavailable tool \'cancel_everything\''), sent(server, 1));
    });

    it('asks the model at most four times in one reply, however many tools it calls', async () => {
      const ran: unknown[] = [];
      const again = [{ toolCall: { name: 'book_appointment', args: { day: 'Monday', time: '9:00' } } }];
      const { responder, server } = await responderFor(format, [again, again, again, again, again, [{ text: 'Never asked for.' }]]);
      const tokens = await collect(responder.reply(input({ tools: [bookingTool(ran)] })));
      assert.deepEqual(tokens, []);
      assert.equal(server.requests.length, 4);
      assert.equal(ran.length, 4, 'the last step\'s tool still runs');
    });

    it('throws from the reply when the provider answers something that is not its format', async () => {
      const { responder } = await responderFor(format, [{ garbage: `data: {"choices": [${'['.repeat(20)}\n\n` }]);
      await assert.rejects(collect(responder.reply(input())), (err: unknown) => err instanceof ModelReplyError);
    });

    it('stops the request when the caller interrupts', async () => {
      const never = gate();
      const { responder, server } = await responderFor(format, [[{ text: 'Our hours are' }, { wait: never.opened }, { text: ' never heard' }]]);
      const controller = new AbortController();
      const tokens: string[] = [];
      for await (const token of responder.reply(input({ signal: controller.signal }))) {
        tokens.push(token);
        controller.abort();
      }
      assert.deepEqual(tokens, ['Our hours are']);
      const seen = await server.ended(0);
      assert.equal(seen.closedEarly, true, 'the provider saw the request closed');
      never.open();
    });

    it('throws from the reply when the provider fails, so the caller hears a fallback', async () => {
      const { responder } = await responderFor(format, [{ status: 500, message: 'The model is overloaded' }]);
      await assert.rejects(collect(responder.reply(input())), (err: unknown) => {
        assert.ok(err instanceof ModelReplyError);
        assert.match(err.message, new RegExp(`^${provider} ${model} did not answer: .*overloaded`));
        assert.ok(!err.message.includes(API_KEY));
        return true;
      });
    });
  });
}

describe('model responder: the official OpenAI client', () => {
  it('speaks chat completions to OpenAI when no base URL is set', async () => {
    const server = await startFakeProvider('openai', [[{ text: 'Hello' }, { text: ' from OpenAI.' }]]);
    servers.push(server);
    // The official client reads OPENAI_BASE_URL, which lets this test stand in for api.openai.com.
    const before = process.env.OPENAI_BASE_URL;
    process.env.OPENAI_BASE_URL = server.baseUrl;
    try {
      const responder = createModelResponder({ provider: 'OpenAI', model: 'gpt-4o-mini', apiKey: API_KEY });
      assert.deepEqual(await collect(responder.reply(input())), ['Hello', ' from OpenAI.']);
      assert.equal(server.requests[0]!.path, '/v1/chat/completions');
      assert.equal(server.requests[0]!.headers.authorization, `Bearer ${API_KEY}`);
    } finally {
      if (before === undefined) delete process.env.OPENAI_BASE_URL;
      else process.env.OPENAI_BASE_URL = before;
    }
  });
});

describe('model responder: OpenAI\'s wire format', () => {
  it('sends the requests streamText sends over the SDK\'s own client, step by step', async () => {
    const script: ScriptedAnswer[] = [
      [{ text: 'Let me book that.' }, { toolCall: { name: 'book_appointment', args: { day: 'Tuesday', time: '15:00' } } }],
      [{ text: 'You are booked.' }],
    ];
    const server = await startFakeProvider('openai', [...script, ...script]);
    servers.push(server);
    const config = { provider: 'OpenAI' as const, model: 'llama3.1', apiKey: API_KEY, baseUrl: server.baseUrl };
    const tools = [bookingTool([])];
    const lean = await collect(createModelResponder(config, { temperature: 0.3, maxReplyTokens: 200 }).reply(input({ tools })));
    const { opening, messages } = conversationOf(input().history);
    const bySdk = streamText({
      model: languageModelFor(config), system: systemPromptOf(input(), opening), messages, tools: modelToolsOf(tools),
      stopWhen: stepCountIs(4), maxOutputTokens: 200, temperature: 0.3, maxRetries: 0,
    });
    assert.equal(await bySdk.text, 'You are booked.', 'the last step\'s text');
    assert.deepEqual(lean, ['Let me book that.', ' You are booked.']);
    assert.equal(server.requests.length, 4);
    assert.deepEqual(server.requests[0]!.body, server.requests[2]!.body);
    assert.deepEqual(server.requests[1]!.body, server.requests[3]!.body);
  });
});

describe('model responder: wrap-up', () => {
  const transcript = [
    { speaker: 'agent' as const, text: 'Thanks for calling, how can I help?' },
    { speaker: 'caller' as const, text: 'I would like a cleaning on Tuesday.' },
    { speaker: 'agent' as const, text: 'You are booked for Tuesday at 3 PM.' },
  ];
  const never = new AbortController().signal;

  it('reads the summary, outcome and sentiment the model writes', async () => {
    const answer = '```json\n{"summary": "The caller booked a cleaning for Tuesday.", "outcome": "appointment-booked", "sentiment": "positive"}\n```';
    const { responder, server } = await responderFor('openai', [[{ text: answer }]]);
    const wrapUp = await responder.wrapUp(transcript, { appointmentBooked: true, transferred: false }, never);
    assert.deepEqual(wrapUp, { summary: 'The caller booked a cleaning for Tuesday.', outcome: 'appointment-booked', sentiment: 'positive' });
    assert.ok(sent(server).includes('Caller: I would like a cleaning on Tuesday.'));
  });

  it('lets what happened on the call decide the outcome over the model\'s claim', async () => {
    const claim = (outcome: string) => [{ text: JSON.stringify({ summary: 'The caller asked about prices.', outcome, sentiment: 'neutral' }) }];
    const { responder } = await responderFor('openai', [claim('answered'), claim('appointment-booked'), claim('answered')]);
    const transferred = await responder.wrapUp(transcript, { appointmentBooked: false, transferred: true }, never);
    assert.equal(transferred.outcome, 'transferred');
    const claimedBooking = await responder.wrapUp(transcript, { appointmentBooked: false, transferred: false }, never);
    assert.equal(claimedBooking.outcome, 'unresolved');
    const answered = await responder.wrapUp(transcript, { appointmentBooked: false, transferred: false }, never);
    assert.equal(answered.outcome, 'answered');
  });

  it('refuses an answer that is not the record asked for', async () => {
    const { responder } = await responderFor('openai', [
      [{ text: 'The caller was happy.' }],
      [{ text: '{"summary": "Fine.", "outcome": "sold", "sentiment": "positive"}' }],
      [{ text: '{"summary": "One. Two. Three. Four.", "outcome": "answered", "sentiment": "neutral"}' }],
      [{ text: '{"summary": "Fine.", "outcome": "answered", "sentiment": "ecstatic"}' }],
      // Nested past the house limit, and a summary with a NUL the database would refuse.
      [{ text: `{"summary": "Fine.", "outcome": "answered", "sentiment": "neutral", "x": ${'['.repeat(200)}${']'.repeat(200)}}` }],
      [{ text: '{"summary": "Fine.\\u0000", "outcome": "answered", "sentiment": "neutral"}' }],
    ]);
    for (let i = 0; i < 6; i += 1) {
      await assert.rejects(responder.wrapUp(transcript, { appointmentBooked: false, transferred: false }, never), /not usable/);
    }
  });
});
