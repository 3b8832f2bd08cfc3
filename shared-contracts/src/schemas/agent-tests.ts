import * as v from 'valibot';
import { PlainText, requestObject } from './common';
import { WEEKDAYS } from './ai-agent';
import { CallTrace } from './call-trace';

export const MAX_TEST_SCRIPT_STEPS = 20;
export const MAX_TEST_EXPECTATIONS = 10;
export const MAX_TEST_SCENARIOS = 100;
/** Test runs of one account played at once; more wait their turn on the job queue. */
export const TEST_RUNS_PER_ACCOUNT = 1;
/** Scenarios of one run played at once. */
export const TEST_SCENARIOS_AT_ONCE = 4;
export const AGENT_TEST_RUN_STATUSES = ['queued', 'running', 'passed', 'failed', 'cancelled'] as const;
export type AgentTestRunStatus = (typeof AGENT_TEST_RUN_STATUSES)[number];

const CallerLine = v.pipe(v.string('A caller line must be text'), v.trim(), v.nonEmpty('A caller line cannot be empty'), v.maxLength(500, 'A caller line must be at most 500 characters'));

/** One thing the scripted caller does, in order: say a line, or press keypad digits. */
export const TestScriptStep = v.union([
  requestObject({ say: CallerLine }),
  requestObject({ keypad: v.pipe(v.string('Keypad digits must be text'), v.regex(/^[0-9*#]{1,10}$/, 'Keypad digits are 0-9, * and #, at most 10')) }),
], 'Each step says a line or presses keypad digits');
export type TestScriptStepValue = v.InferOutput<typeof TestScriptStep>;

const Day = v.union([
  v.picklist(WEEKDAYS),
  v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/)),
], 'The day is a weekday (mon…sun) or a date written YYYY-MM-DD');
const ToolArgValue = v.union([v.pipe(v.string(), v.maxLength(200)), v.number(), v.boolean()], 'Tool arguments are text, numbers or yes/no');

/** What the agent must do with the scripted caller. */
export const TestExpectation = v.variant('kind', [
  /** Books an appointment: on that weekday or date, or on any day when `day` is null. */
  requestObject({ kind: v.literal('books'), day: v.nullable(Day) }),
  requestObject({ kind: v.literal('transfers') }),
  requestObject({ kind: v.literal('takes-message') }),
  requestObject({ kind: v.literal('ends-call') }),
  requestObject({ kind: v.literal('says'), text: PlainText('Words', 200) }),
  requestObject({ kind: v.literal('never-says'), text: PlainText('Words', 200) }),
  requestObject({ kind: v.literal('within-turns'), turns: v.pipe(v.number('Turns must be a number'), v.integer('Turns must be a whole number'), v.minValue(1, 'Turns must be at least 1'), v.maxValue(MAX_TEST_SCRIPT_STEPS, `Turns must be at most ${MAX_TEST_SCRIPT_STEPS}`)) }),
  /** Calls the tool with at least these arguments (each given one equal, text compared without case). */
  requestObject({
    kind: v.literal('calls-tool'),
    tool: v.pipe(v.string('Tool name is required'), v.trim(), v.nonEmpty('Tool name is required'), v.maxLength(64, 'Tool name is too long')),
    args: v.optional(v.pipe(v.record(v.pipe(v.string(), v.maxLength(40)), ToolArgValue, 'Tool arguments must be an object'), v.check((a) => Object.keys(a).length <= 10, 'At most 10 arguments')), {}),
  }),
], 'Choose what the agent is expected to do');
export type TestExpectationValue = v.InferOutput<typeof TestExpectation>;

export const AgentTestScenarioBody = requestObject({
  name: PlainText('Scenario name', 100),
  script: v.pipe(
    v.array(TestScriptStep, 'The script must be a list of steps'),
    v.minLength(1, 'Give the caller at least one line'),
    v.maxLength(MAX_TEST_SCRIPT_STEPS, `A script has at most ${MAX_TEST_SCRIPT_STEPS} steps`),
  ),
  expectations: v.pipe(
    v.array(TestExpectation, 'Expectations must be a list'),
    v.minLength(1, 'Add at least one expectation'),
    v.maxLength(MAX_TEST_EXPECTATIONS, `A scenario has at most ${MAX_TEST_EXPECTATIONS} expectations`),
  ),
});

export const AgentTestScenario = v.object({
  id: v.string(),
  aiAgentId: v.string(),
  name: v.string(),
  script: v.array(TestScriptStep),
  expectations: v.array(TestExpectation),
  updatedAt: v.string(),
});
export type AgentTestScenario = v.InferOutput<typeof AgentTestScenario>;

/** One scenario's outcome in a run. */
export const AgentTestResult = v.object({
  scenarioId: v.string(),
  name: v.string(),
  passed: v.boolean(),
  transcript: v.array(v.object({ speaker: v.picklist(['caller', 'agent']), text: v.string() })),
  expectations: v.array(v.object({ expectation: TestExpectation, passed: v.boolean(), detail: v.string() })),
  /** Inside the test call, turn by turn (the test call itself is removed once played); null when it could not start. */
  trace: v.nullable(CallTrace),
  durationMs: v.number(),
  /** Why the scenario could not be played to the end, when it could not. */
  error: v.nullable(v.string()),
});
export type AgentTestResultValue = v.InferOutput<typeof AgentTestResult>;

export const AgentTestRun = v.object({
  id: v.string(),
  aiAgentId: v.string(),
  agentVersion: v.number(),
  status: v.picklist(AGENT_TEST_RUN_STATUSES),
  total: v.number(),
  passed: v.number(),
  failed: v.number(),
  results: v.array(AgentTestResult),
  createdAt: v.string(),
  finishedAt: v.nullable(v.string()),
});
export type AgentTestRun = v.InferOutput<typeof AgentTestRun>;
