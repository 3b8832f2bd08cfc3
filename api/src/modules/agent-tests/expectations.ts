import { CALL_END_REASONS, WEEKDAYS, type CallTraceTurnValue, type TestExpectationValue } from 'shared-contracts';

/** What a played scenario left, as the expectations read it. */
export interface PlayedScenario {
  transcript: ReadonlyArray<{ speaker: 'caller' | 'agent'; text: string }>;
  turns: readonly CallTraceTurnValue[];
  endReason: string | null;
  /** The appointments the call booked, as local dates in the account's time zone (YYYY-MM-DD). */
  bookedDates: readonly string[];
}

export interface ExpectationResult {
  expectation: TestExpectationValue;
  passed: boolean;
  /** Why it passed or failed, in a sentence the Tests tab shows. */
  detail: string;
}

const DAY_NAMES: Record<(typeof WEEKDAYS)[number], string> = {
  mon: 'Monday', tue: 'Tuesday', wed: 'Wednesday', thu: 'Thursday', fri: 'Friday', sat: 'Saturday', sun: 'Sunday',
};

/** The weekday of a calendar date (YYYY-MM-DD), whatever the time zone. */
const weekdayOf = (date: string) => WEEKDAYS[(new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7]!;

const normalised = (text: string) => text.toLowerCase().replace(/\s+/g, ' ');

/** The caller turn (1-based) at which the call reached an outcome: a booking, a person, a message or its end. */
function outcomeTurn(played: PlayedScenario): number | null {
  const index = played.turns.findIndex((turn) => turn.handledBy !== null
    || turn.tools.some((tool) => tool.outcome === 'ok' && ['book_appointment', 'transfer_to_person', 'end_call'].includes(tool.name)));
  return index === -1 ? null : index + 1;
}

const argsMatch = (wanted: Record<string, string | number | boolean>, given: unknown): boolean => {
  if (given === null || typeof given !== 'object') return Object.keys(wanted).length === 0;
  const actual = given as Record<string, unknown>;
  return Object.entries(wanted).every(([key, value]) => {
    const have = actual[key];
    return typeof value === 'string' && typeof have === 'string' ? normalised(have) === normalised(value) : have === value;
  });
};

function judge(expectation: TestExpectationValue, played: PlayedScenario): { passed: boolean; detail: string } {
  const agentText = normalised(played.transcript.filter((l) => l.speaker === 'agent').map((l) => l.text).join(' '));
  switch (expectation.kind) {
    case 'books': {
      if (played.bookedDates.length === 0) return { passed: false, detail: 'No appointment was booked' };
      const day = expectation.day;
      if (day === null) return { passed: true, detail: `Booked on ${played.bookedDates.join(', ')}` };
      const hit = played.bookedDates.find((date) => (day.length === 3 ? weekdayOf(date) === day : date === day));
      const wanted = day.length === 3 ? `a ${DAY_NAMES[day as keyof typeof DAY_NAMES]}` : day;
      return hit
        ? { passed: true, detail: `Booked on ${hit}` }
        : { passed: false, detail: `Booked on ${played.bookedDates.join(', ')}, not on ${wanted}` };
    }
    case 'transfers': {
      // Asked for a person in words or with 0 on the keypad, or the model chose to: where the caller
      // went depends on who is free at the time, which a test does not judge.
      const handed = played.turns.some((t) => t.handledBy === 'transfer' || t.handledBy === 'keypad'
        || t.tools.some((tool) => tool.name === 'transfer_to_person' && tool.outcome === 'ok'));
      return handed ? { passed: true, detail: 'The caller was handed over to a person' } : { passed: false, detail: 'The caller was never handed over to a person' };
    }
    case 'takes-message': {
      const taken = played.endReason === CALL_END_REASONS.messageTaken;
      return taken ? { passed: true, detail: 'The agent took a message' } : { passed: false, detail: 'No message was taken' };
    }
    case 'ends-call': {
      const ended = played.endReason === CALL_END_REASONS.agentEnded;
      return ended ? { passed: true, detail: 'The agent ended the call' } : { passed: false, detail: `The agent did not end the call (${played.endReason ?? 'it was still going on'})` };
    }
    case 'says': {
      const said = agentText.includes(normalised(expectation.text));
      return said ? { passed: true, detail: `The agent said "${expectation.text}"` } : { passed: false, detail: `The agent never said "${expectation.text}"` };
    }
    case 'never-says': {
      const said = agentText.includes(normalised(expectation.text));
      return said ? { passed: false, detail: `The agent said "${expectation.text}"` } : { passed: true, detail: `The agent never said "${expectation.text}"` };
    }
    case 'within-turns': {
      const turn = outcomeTurn(played);
      if (turn === null) return { passed: false, detail: 'The call reached no booking, handover, message or end' };
      return turn <= expectation.turns
        ? { passed: true, detail: `Done in ${turn} ${turn === 1 ? 'turn' : 'turns'}` }
        : { passed: false, detail: `Took ${turn} turns, more than ${expectation.turns}` };
    }
    case 'calls-tool': {
      const calls = played.turns.flatMap((t) => t.tools).filter((tool) => tool.name === expectation.tool);
      if (calls.length === 0) return { passed: false, detail: `${expectation.tool} was never called` };
      const hit = calls.find((tool) => argsMatch(expectation.args, tool.args));
      return hit
        ? { passed: true, detail: `${expectation.tool} was called with ${JSON.stringify(hit.args)}` }
        : { passed: false, detail: `${expectation.tool} was called with ${calls.map((c) => JSON.stringify(c.args)).join(', ')}, not with ${JSON.stringify(expectation.args)}` };
    }
  }
}

/** Each expectation of a scenario judged against what its call did. */
export function judgeExpectations(expectations: readonly TestExpectationValue[], played: PlayedScenario): ExpectationResult[] {
  return expectations.map((expectation) => ({ expectation, ...judge(expectation, played) }));
}
