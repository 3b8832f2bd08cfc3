import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as v from 'valibot';
import { LOCAL_RESPONDER_LABEL } from 'shared-contracts';
import type { CallTool, ToolResult } from '../src/modules/voice-agent/tools/call-tools';
import {
  ANYTHING_ELSE_TEXT, ASK_DAY_TEXT, createLocalResponder, GOODBYE_TEXT, HELP_TEXT, type LocalResponderOptions,
} from '../src/modules/voice-agent/responders/local-responder';
import type { Responder, Turn } from '../src/modules/voice-agent/responders/responder';
import { NEED_NAME_TEXT } from '../src/modules/voice-agent/responders/slot-answers';

const TOOL_NAMES = ['find_free_slots', 'book_appointment', 'find_or_create_lead', 'transfer_to_person', 'end_call'] as const;
type ToolName = (typeof TOOL_NAMES)[number];

/** Tools that record what they were asked and answer as told (by default: done). */
function fakeTools(answers: Partial<Record<ToolName, (args: Record<string, unknown>) => ToolResult>> = {}) {
  const calls: Array<{ name: ToolName; args: Record<string, unknown> }> = [];
  const tools: CallTool[] = TOOL_NAMES.map((name) => ({
    name,
    description: name,
    args: v.record(v.string(), v.unknown()),
    async run(args) {
      const given = args as Record<string, unknown>;
      calls.push({ name, args: given });
      return answers[name]?.(given) ?? { ok: true, say: name === 'book_appointment' ? 'You are booked for Tuesday, December 1 at 3:00 PM.' : `${name} done.` };
    },
  }));
  return { tools, calls, named: (name: ToolName) => calls.filter((c) => c.name === name).map((c) => c.args) };
}

// Monday, November 30, 2026, 10:00 AM in New York.
const MONDAY_MORNING: LocalResponderOptions = { now: () => new Date('2026-11-30T15:00:00Z'), timeZone: 'America/New_York' };

/** A call with the responder: each `say` is a caller turn, answered as the session would stream it. */
function callWith(responder: Responder, tools: readonly CallTool[], knowledge: readonly string[] = []) {
  const history: Turn[] = [{ speaker: 'agent', text: 'Hello, this is Ava. How can I help you today?' }];
  return {
    history,
    async say(text: string, options: { abortAfterTokens?: number } = {}) {
      history.push({ speaker: 'caller', text });
      const controller = new AbortController();
      const tokens: string[] = [];
      for await (const token of responder.reply({ instructions: '', history: [...history], knowledge, tools, signal: controller.signal })) {
        tokens.push(token);
        if (tokens.length === options.abortAfterTokens) controller.abort();
      }
      const reply = tokens.join('').trim();
      history.push({ speaker: 'agent', text: reply });
      return { reply, tokens };
    },
  };
}

describe('local responder', () => {
  it('is named as the stand-in for a model', () => {
    assert.equal(createLocalResponder().label, LOCAL_RESPONDER_LABEL);
  });

  it('books an appointment by asking for a day, then a time, in the business\'s time zone', async () => {
    const fake = fakeTools();
    const call = callWith(createLocalResponder(MONDAY_MORNING), fake.tools);

    assert.equal((await call.say('I\'d like to book an appointment.')).reply, ASK_DAY_TEXT);
    assert.equal(fake.calls.length, 0);

    assert.equal((await call.say('Tomorrow.')).reply, 'What time on Tuesday, December 1?');
    assert.deepEqual(fake.named('find_free_slots'), [{ date: '2026-12-01' }]);
    assert.deepEqual(fake.named('book_appointment'), []);

    const booked = await call.say('3 pm');
    assert.deepEqual(fake.named('book_appointment'), [{ date: '2026-12-01', time: '15:00', notes: 'I\'d like to book an appointment.' }]);
    assert.equal(booked.reply, `You are booked for Tuesday, December 1 at 3:00 PM. ${ANYTHING_ELSE_TEXT}`);
    // The caller is looked up as a lead before the booking, so a caller with no number can be asked their name.
    assert.deepEqual(fake.calls.map((c) => c.name), ['find_free_slots', 'find_or_create_lead', 'book_appointment']);
  });

  it('reads "tomorrow" on the business\'s calendar, not the server\'s', async () => {
    // 10:30 PM on Monday in New York is already Tuesday in UTC.
    const fake = fakeTools();
    const call = callWith(createLocalResponder({ now: () => new Date('2026-12-01T03:30:00Z'), timeZone: 'America/New_York' }), fake.tools);
    await call.say('Can I book an appointment for tomorrow at 3pm?');
    assert.deepEqual(fake.named('book_appointment'), [{ date: '2026-12-01', time: '15:00', notes: 'Can I book an appointment for tomorrow at 3pm?' }]);
  });

  it('books at once when the day and time come in one sentence', async () => {
    for (const [words, date, time] of [
      ['Could I schedule a visit for next Monday at 10:30?', '2026-12-07', '10:30'],
      ['I want to book December 3 at 10:30 please', '2026-12-03', '10:30'],
      ['Book me in tomorrow at 2.', '2026-12-01', '14:00'],
      ['Can I reserve Friday at 9 in the morning?', '2026-12-04', '09:00'],
    ] as const) {
      const fake = fakeTools();
      const call = callWith(createLocalResponder(MONDAY_MORNING), fake.tools);
      await call.say(words);
      assert.deepEqual(fake.named('book_appointment'), [{ date, time, notes: words }], words);
      assert.deepEqual(fake.named('find_free_slots'), [], words);
    }
  });

  it('asks for a day when only a time was given, and books the two together', async () => {
    const fake = fakeTools();
    const call = callWith(createLocalResponder(MONDAY_MORNING), fake.tools);
    assert.equal((await call.say('I need an appointment at 4 pm')).reply, 'What day would suit you for 4:00 PM?');
    await call.say('Thursday');
    assert.deepEqual(fake.named('book_appointment'), [{ date: '2026-12-03', time: '16:00', notes: 'I need an appointment at 4 pm' }]);
  });

  it('says why a booking failed, with the times offered instead, and keeps waiting for a time', async () => {
    const taken = '3:00 PM on Tuesday, December 1 is already taken. I can offer 2:30 PM or 3:30 PM on Tuesday, December 1 instead.';
    const fake = fakeTools({
      book_appointment: (args) => (args.time === '15:00'
        ? { ok: false, say: taken }
        : { ok: true, say: 'You are booked for Tuesday, December 1 at 3:30 PM.' }),
    });
    const call = callWith(createLocalResponder(MONDAY_MORNING), fake.tools);
    await call.say('Book an appointment for tomorrow');
    assert.equal((await call.say('at 3')).reply, taken);
    const second = await call.say('3:30 then');
    const notes = 'Book an appointment for tomorrow';
    assert.deepEqual(fake.named('book_appointment'), [{ date: '2026-12-01', time: '15:00', notes }, { date: '2026-12-01', time: '15:30', notes }]);
    assert.match(second.reply, /^You are booked for Tuesday, December 1 at 3:30 PM\./);
  });

  it('asks for another day when the chosen day cannot be booked', async () => {
    const closed = 'We do not book appointments on Saturdays. Appointments are Monday to Friday, 9:00 AM to 5:00 PM. I can offer Monday, December 7 at 9:00 AM instead.';
    const fake = fakeTools({ find_free_slots: (args) => (args.date === '2026-12-05' ? { ok: false, say: closed } : { ok: true, say: 'Free.' }) });
    const call = callWith(createLocalResponder(MONDAY_MORNING), fake.tools);
    assert.equal((await call.say('Can I book for Saturday?')).reply, `${closed} What other day would suit you?`);
    assert.equal((await call.say('Monday, December 7')).reply, 'What time on Monday, December 7?');
    assert.deepEqual(fake.named('find_free_slots'), [{ date: '2026-12-05' }, { date: '2026-12-07' }]);
  });

  it('asks a caller the tools cannot identify for their name before booking', async () => {
    const fake = fakeTools({ find_or_create_lead: () => ({ ok: false, say: NEED_NAME_TEXT }) });
    const call = callWith(createLocalResponder(MONDAY_MORNING), fake.tools);
    assert.equal((await call.say('Book me tomorrow at 11am')).reply, NEED_NAME_TEXT);
    assert.deepEqual(fake.named('book_appointment'), []);
    assert.equal((await call.say('Um.')).reply, `Sorry, I did not catch your name. ${NEED_NAME_TEXT}`);
    await call.say('It\'s ada lovelace.');
    assert.deepEqual(fake.named('book_appointment'), [{ date: '2026-12-01', time: '11:00', name: 'Ada Lovelace', notes: 'Book me tomorrow at 11am' }]);
  });

  it('asks again when it does not catch a day or a time, and drops the booking on "never mind"', async () => {
    const fake = fakeTools();
    const call = callWith(createLocalResponder(MONDAY_MORNING), fake.tools);
    await call.say('I want to make an appointment');
    assert.equal((await call.say('hmm let me think')).reply, `Sorry, I did not catch a day. ${ASK_DAY_TEXT} For example, tomorrow or next Monday.`);
    await call.say('Wednesday');
    assert.equal((await call.say('whenever')).reply, 'Sorry, I did not catch a time. What time on Wednesday, December 2? For example, 10 AM or 2:30 PM.');
    assert.equal((await call.say('Never mind.')).reply, `No problem, I have not booked anything. ${ANYTHING_ELSE_TEXT}`);
    assert.deepEqual(fake.named('book_appointment'), []);
  });

  it('ends the call on goodbye, after saying goodbye in full', async () => {
    for (const words of ['Goodbye!', 'OK bye', 'No, that\'s all, thanks.', 'Nothing else.', 'No thank you.']) {
      const fake = fakeTools();
      const call = callWith(createLocalResponder(MONDAY_MORNING), fake.tools);
      assert.equal((await call.say(words)).reply, GOODBYE_TEXT, words);
      assert.deepEqual(fake.calls.map((c) => c.name), ['end_call'], words);
    }
    // Talking over the goodbye keeps the caller on the line.
    const fake = fakeTools();
    const call = callWith(createLocalResponder(MONDAY_MORNING), fake.tools);
    await call.say('bye', { abortAfterTokens: 1 });
    assert.deepEqual(fake.calls, []);
  });

  it('puts the caller through to a person with their words as the reason', async () => {
    for (const words of ['Can I talk to a person?', 'Representative.', 'I need to speak to someone about my bill', 'agent']) {
      const fake = fakeTools({ transfer_to_person: () => ({ ok: true, say: 'I am putting you through to a person now. Please hold.' }) });
      const call = callWith(createLocalResponder(MONDAY_MORNING), fake.tools);
      assert.equal((await call.say(words)).reply, 'I am putting you through to a person now. Please hold.', words);
      assert.deepEqual(fake.named('transfer_to_person'), [{ reason: words }]);
    }
    const fake = fakeTools();
    await callWith(createLocalResponder(MONDAY_MORNING), fake.tools).say('Is parking free for my agent visit?');
    assert.deepEqual(fake.named('transfer_to_person'), []);
  });

  it('answers from the knowledge passages with their most relevant sentences', async () => {
    const knowledge = [
      'We are open Monday to Friday from 9 to 5. Parking is free behind the clinic. We accept most insurance plans, including Aetna.',
      'A cleaning costs $80 and takes 30 minutes.',
    ];
    const call = callWith(createLocalResponder(MONDAY_MORNING), fakeTools().tools, knowledge);
    assert.equal((await call.say('Do you have parking?')).reply, 'Here is what I can tell you: Parking is free behind the clinic.');
    assert.equal((await call.say('Which insurance plans do you take, and is the parking free?')).reply,
      'Here is what I can tell you: Parking is free behind the clinic. We accept most insurance plans, including Aetna.');
  });

  it('says what it can do when nothing in the knowledge matches', async () => {
    const call = callWith(createLocalResponder(MONDAY_MORNING), fakeTools().tools, ['Parking is free behind the clinic.']);
    assert.equal((await call.say('Hello there')).reply, HELP_TEXT);
    assert.equal((await call.say('Do you sell gift cards?')).reply, `Sorry, I do not have an answer to that. ${HELP_TEXT}`);
  });

  it('streams a reply word by word', async () => {
    const call = callWith(createLocalResponder(MONDAY_MORNING), fakeTools().tools);
    const { reply, tokens } = await call.say('hi');
    assert.ok(tokens.length > 5, JSON.stringify(tokens));
    assert.equal(tokens.join(''), HELP_TEXT);
    assert.equal(reply, HELP_TEXT);
  });

  it('gives the same replies to the same call', async () => {
    const turns = ['What are your hours?', 'I\'d like to book an appointment', 'next Tuesday', '10am', 'thanks, bye'];
    const run = async () => {
      const call = callWith(createLocalResponder(MONDAY_MORNING), fakeTools().tools, ['Our hours are 9 to 5 on weekdays.']);
      const replies: string[] = [];
      for (const turn of turns) replies.push((await call.say(turn)).reply);
      return replies;
    };
    const first = await run();
    assert.deepEqual(await run(), first);
    assert.equal(first[0], 'Here is what I can tell you: Our hours are 9 to 5 on weekdays.');
  });
});

describe('local responder wrap-up', () => {
  const wrapUp = (transcript: Turn[], facts = { appointmentBooked: false, transferred: false }) =>
    createLocalResponder().wrapUp(transcript, facts, new AbortController().signal);

  it('summarises a booked call from its own words', async () => {
    const result = await wrapUp([
      { speaker: 'agent', text: 'Hello, how can I help?' },
      { speaker: 'caller', text: 'I\'d like to book a cleaning.' },
      { speaker: 'agent', text: 'What day would suit you?' },
      { speaker: 'caller', text: 'Tomorrow at 3 pm' },
      { speaker: 'agent', text: `You are booked for Tuesday, December 1 at 3:00 PM. ${ANYTHING_ELSE_TEXT}` },
      { speaker: 'caller', text: 'Perfect, thanks. Bye!' },
    ], { appointmentBooked: true, transferred: false });
    assert.deepEqual(result, {
      summary: 'The caller asked: "I\'d like to book a cleaning." An appointment was booked for Tuesday, December 1 at 3:00 PM.',
      outcome: 'appointment-booked',
      sentiment: 'positive',
    });
  });

  it('names why a caller was transferred', async () => {
    const result = await wrapUp([
      { speaker: 'caller', text: 'This is ridiculous, my bill is wrong.' },
      { speaker: 'agent', text: HELP_TEXT },
      { speaker: 'caller', text: 'Let me talk to a person.' },
      { speaker: 'agent', text: 'I am putting you through to a person now. Please hold.' },
    ], { appointmentBooked: false, transferred: true });
    assert.equal(result.outcome, 'transferred');
    assert.equal(result.sentiment, 'negative');
    assert.match(result.summary, /transferred to a person after saying "Let me talk to a person\."/);
  });

  it('tells an answered call from an unresolved one', async () => {
    const answered = await wrapUp([
      { speaker: 'caller', text: 'Do you have parking?' },
      { speaker: 'agent', text: 'Here is what I can tell you: Parking is free behind the clinic.' },
    ]);
    assert.deepEqual([answered.outcome, answered.sentiment], ['answered', 'neutral']);
    assert.match(answered.summary, /answered from the business's information/);
    const unresolved = await wrapUp([
      { speaker: 'caller', text: 'That is not good at all.' },
      { speaker: 'agent', text: HELP_TEXT },
    ]);
    assert.deepEqual([unresolved.outcome, unresolved.sentiment], ['unresolved', 'negative']);
    const silent = await wrapUp([{ speaker: 'agent', text: 'Hello?' }]);
    assert.deepEqual([silent.outcome, silent.summary.startsWith('The caller did not say anything.')], ['unresolved', true]);
  });
});
