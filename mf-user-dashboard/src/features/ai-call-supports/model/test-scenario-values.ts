import * as v from 'valibot';
import { AgentTestScenarioBody, WEEKDAYS, type AgentTestScenario, type TestExpectationValue, type TestScriptStepValue } from 'shared-contracts';

export type ExpectationKind = TestExpectationValue['kind'];

/** A script step as the form edits it: the key says whether the caller speaks or presses keys. */
export type StepValues = { say: string } | { keypad: string };

/** An expectation as the form edits it: every parameter as typed, `args` as JSON text. */
export interface ExpectationValues {
  kind: ExpectationKind;
  /** '' for any day. */
  day: string;
  text: string;
  turns: number | null;
  tool: string;
  args: string;
}

export interface ScenarioValues {
  name: string;
  script: StepValues[];
  expectations: ExpectationValues[];
}

export const EXPECTATION_KINDS: ReadonlyArray<{ value: ExpectationKind; label: string }> = [
  { value: 'books', label: 'Books an appointment' },
  { value: 'transfers', label: 'Hands over to a person' },
  { value: 'takes-message', label: 'Takes a message' },
  { value: 'ends-call', label: 'Ends the call' },
  { value: 'says', label: 'Says the words' },
  { value: 'never-says', label: 'Never says the words' },
  { value: 'within-turns', label: 'Within a number of turns' },
  { value: 'calls-tool', label: 'Calls a tool' },
];

export const DAY_LABELS: Record<(typeof WEEKDAYS)[number], string> = {
  mon: 'Monday', tue: 'Tuesday', wed: 'Wednesday', thu: 'Thursday', fri: 'Friday', sat: 'Saturday', sun: 'Sunday',
};

export const newExpectation = (kind: ExpectationKind = 'books'): ExpectationValues => ({ kind, day: '', text: '', turns: 3, tool: '', args: '' });

export const EMPTY_SCENARIO: ScenarioValues = { name: '', script: [{ say: '' }], expectations: [newExpectation()] };

export const scenarioToValues = (scenario: AgentTestScenario): ScenarioValues => ({
  name: scenario.name,
  script: scenario.script.map((step) => ({ ...step })),
  expectations: scenario.expectations.map((e) => ({
    ...newExpectation(e.kind),
    ...('day' in e ? { day: e.day ?? '' } : {}),
    ...('text' in e ? { text: e.text } : {}),
    ...('turns' in e ? { turns: e.turns } : {}),
    ...('tool' in e ? { tool: e.tool, args: Object.keys(e.args).length === 0 ? '' : JSON.stringify(e.args) } : {}),
  })),
});

/** Arguments as typed: an object's JSON, or the text itself so that the contract says what is wrong with it. */
function argsOf(text: string): unknown {
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function expectationOf(e: ExpectationValues): unknown {
  switch (e.kind) {
    case 'books': return { kind: e.kind, day: e.day === '' ? null : e.day };
    case 'says':
    case 'never-says': return { kind: e.kind, text: e.text };
    case 'within-turns': return { kind: e.kind, turns: e.turns ?? Number.NaN };
    case 'calls-tool': return { kind: e.kind, tool: e.tool, args: argsOf(e.args) };
    default: return { kind: e.kind };
  }
}

/** The body the contract checks and the server stores. */
export const valuesToBody = (values: ScenarioValues) => ({
  name: values.name,
  script: values.script as TestScriptStepValue[],
  expectations: values.expectations.map(expectationOf),
});

/** The body as the contract parses it (the form's validation has passed). */
export const parseScenarioValues = (values: ScenarioValues) => v.parse(AgentTestScenarioBody, valuesToBody(values));

/** An expectation in words, as the scenario list and the results show it. */
export function expectationText(e: TestExpectationValue): string {
  switch (e.kind) {
    case 'books':
      if (e.day === null) return 'Books an appointment on any day';
      return `Books an appointment on ${e.day in DAY_LABELS ? DAY_LABELS[e.day as keyof typeof DAY_LABELS] : e.day}`;
    case 'transfers': return 'Hands over to a person';
    case 'takes-message': return 'Takes a message';
    case 'ends-call': return 'Ends the call';
    case 'says': return `Says “${e.text}”`;
    case 'never-says': return `Never says “${e.text}”`;
    case 'within-turns': return `Within ${e.turns} ${e.turns === 1 ? 'turn' : 'turns'}`;
    case 'calls-tool': return Object.keys(e.args).length === 0 ? `Calls ${e.tool}` : `Calls ${e.tool} with ${JSON.stringify(e.args)}`;
  }
}
