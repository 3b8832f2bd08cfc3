import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  ANYTHING_ELSE_TEXT, ASK_DAY_TEXT, bookingStep, DROPPED_TEXT, NO_BOOKING_TOOL_TEXT,
  type Booking, type BookingStep, type StepContext, type StepEvent,
} from '../src/modules/voice-agent/responders/booking-step';
import { localStep, NEW_CALL } from '../src/modules/voice-agent/responders/local-responder';
import { NEED_NAME_TEXT } from '../src/modules/voice-agent/responders/slot-answers';

// Monday, November 30, 2026, 10:00 AM in New York.
const MONDAY_MORNING: StepContext = { now: new Date('2026-11-30T15:00:00Z'), timeZone: 'America/New_York', knowledge: [] };

/** The booking dialogue driven by hand: each call is one event, checked for what it gives back. */
function dialogue(context: StepContext = MONDAY_MORNING) {
  let state: Booking | null = null;
  const next = (event: StepEvent): BookingStep => {
    const step = bookingStep(state, event, context);
    state = step.state;
    return step;
  };
  const replyOf = (step: BookingStep) => {
    assert.ok('reply' in step, `expected a reply, got ${JSON.stringify(step)}`);
    return step.reply;
  };
  const actionOf = (step: BookingStep) => {
    assert.ok('action' in step, `expected a tool to run, got ${JSON.stringify(step)}`);
    return step.action;
  };
  return {
    state: () => state,
    /** The caller's words, answered at once. */
    says: (text: string) => replyOf(next({ heard: text })),
    /** The caller's words, answered by asking for a tool. */
    needs: (text: string) => actionOf(next({ heard: text })),
    /** A tool's answer, giving the reply. */
    answered: (ok: boolean, say: string) => replyOf(next({ answer: { ok, say } })),
    /** A tool's answer, giving the next tool to run. */
    answeredThenNeeds: (ok: boolean, say: string) => actionOf(next({ answer: { ok, say } })),
  };
}

const TAKEN = '3:00 PM on Tuesday, December 1 is already taken. I can offer 2:30 PM or 3:30 PM on Tuesday, December 1 instead.';

describe('booking step', () => {
  it('asks for a day, looks up its free times, asks for a time, finds the caller and books', () => {
    const d = dialogue();
    assert.equal(d.says('I\'d like to book an appointment.'), ASK_DAY_TEXT);
    assert.deepEqual(d.needs('Tomorrow.'), { tool: 'find_free_slots', args: { date: '2026-12-01' } });
    assert.equal(d.answered(true, 'On Tuesday, December 1 I can book you at 2:30 PM or 3:00 PM.'), 'What time on Tuesday, December 1?');
    assert.deepEqual(d.needs('3 pm'), { tool: 'find_or_create_lead', args: {} });
    assert.deepEqual(d.answeredThenNeeds(true, 'Found the caller.'), {
      tool: 'book_appointment', args: { date: '2026-12-01', time: '15:00', notes: 'I\'d like to book an appointment.' },
    });
    assert.equal(d.answered(true, 'You are booked for Tuesday, December 1 at 3:00 PM.'), `You are booked for Tuesday, December 1 at 3:00 PM. ${ANYTHING_ELSE_TEXT}`);
    assert.equal(d.state(), null);
  });

  it('says the times offered instead of a taken one, and books the one the caller picks from them', () => {
    const d = dialogue();
    d.says('Book an appointment');
    d.needs('tomorrow');
    d.answered(true, 'Free.');
    d.needs('at 3');
    d.answeredThenNeeds(true, 'Found the caller.');
    assert.equal(d.answered(false, TAKEN), TAKEN);
    assert.deepEqual([d.state()?.date, d.state()?.minutes, d.state()?.asked], ['2026-12-01', null, 'time']);
    // The caller is already known: the pick goes straight to the booking.
    assert.deepEqual(d.needs('3:30 then'), { tool: 'book_appointment', args: { date: '2026-12-01', time: '15:30', notes: 'Book an appointment' } });
    assert.match(d.answered(true, 'You are booked for Tuesday, December 1 at 3:30 PM.'), /^You are booked for Tuesday, December 1 at 3:30 PM\./);
  });

  it('asks for another day when the day cannot be booked', () => {
    const closed = 'We do not book appointments on Saturdays. I can offer Monday, December 7 at 9:00 AM instead.';
    const d = dialogue();
    assert.deepEqual(d.needs('Can I book for Saturday?'), { tool: 'find_free_slots', args: { date: '2026-12-05' } });
    assert.equal(d.answered(false, closed), `${closed} What other day would suit you?`);
    assert.equal(d.state()?.date, null);
    assert.deepEqual(d.needs('Monday, December 7'), { tool: 'find_free_slots', args: { date: '2026-12-07' } });
  });

  it('drops the booking when the caller gives up', () => {
    const d = dialogue();
    d.says('I want to make an appointment');
    d.needs('Wednesday');
    d.answered(true, 'Free.');
    assert.equal(d.says('Never mind.'), DROPPED_TEXT);
    assert.equal(d.state(), null);
  });

  it('asks again, with an example, when it does not catch a day, a time or a name', () => {
    const d = dialogue();
    d.says('I want to make an appointment');
    assert.equal(d.says('hmm let me think'), `Sorry, I did not catch a day. ${ASK_DAY_TEXT} For example, tomorrow or next Monday.`);
    d.needs('Wednesday');
    d.answered(true, 'Free.');
    assert.equal(d.says('whenever'), 'Sorry, I did not catch a time. What time on Wednesday, December 2? For example, 10 AM or 2:30 PM.');
    d.needs('11am');
    assert.equal(d.answered(false, NEED_NAME_TEXT), NEED_NAME_TEXT);
    assert.equal(d.says('Um.'), `Sorry, I did not catch your name. ${NEED_NAME_TEXT}`);
    assert.deepEqual(d.needs('It\'s ada lovelace.'), {
      tool: 'book_appointment', args: { date: '2026-12-02', time: '11:00', name: 'Ada Lovelace', notes: 'I want to make an appointment' },
    });
  });

  it('answers a question asked mid-booking, then asks the booking\'s question again', () => {
    const d = dialogue({ ...MONDAY_MORNING, knowledge: ['Parking is free behind the clinic.'] });
    d.says('I want to make an appointment');
    assert.equal(d.says('Is there parking?'), `Here is what I can tell you: Parking is free behind the clinic. ${ASK_DAY_TEXT}`);
  });

  it('says so when the call cannot book', () => {
    const d = dialogue();
    d.needs('Book me tomorrow at 2');
    // A call with no lead tool books without a name.
    assert.equal(bookingStep(d.state(), { answer: null }, MONDAY_MORNING).state?.lead, 'known');
    d.answeredThenNeeds(true, 'Found the caller.');
    const step = bookingStep(d.state(), { answer: null }, MONDAY_MORNING);
    assert.deepEqual(step, { state: null, reply: NO_BOOKING_TOOL_TEXT });
  });

  it('refuses an answer it did not ask for', () => {
    assert.throws(() => bookingStep(null, { answer: { ok: true, say: 'Done.' } }, MONDAY_MORNING));
  });
});

describe('local responder step', () => {
  it('drops a booking under way to put a caller who asks for a person through, with their words as the reason', () => {
    let step = localStep(NEW_CALL, { heard: 'I need an appointment tomorrow' }, MONDAY_MORNING);
    assert.ok('action' in step && step.state.booking !== null);
    step = localStep(step.state, { heard: 'Can I talk to a person?' }, MONDAY_MORNING);
    assert.deepEqual(step, {
      state: { booking: null, transferring: true }, action: { tool: 'transfer_to_person', args: { reason: 'Can I talk to a person?' } },
    });
    const put = localStep(step.state, { answer: { ok: true, say: 'Putting you through now.' } }, MONDAY_MORNING);
    assert.deepEqual(put, { state: NEW_CALL, reply: 'Putting you through now.' });
  });

  it('says goodbye mid-booking, ending the call once it has been said', () => {
    const started = localStep(NEW_CALL, { heard: 'I would like to book an appointment' }, MONDAY_MORNING);
    const bye = localStep(started.state, { heard: 'Actually, goodbye.' }, MONDAY_MORNING);
    assert.deepEqual(bye, { state: NEW_CALL, reply: 'Thank you for calling. Goodbye!', afterwards: { tool: 'end_call', args: {} } });
  });
});
