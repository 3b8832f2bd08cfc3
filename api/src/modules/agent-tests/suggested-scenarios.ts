import type { TestExpectationValue, TestScriptStepValue } from 'shared-contracts';
import type { aiAgents } from '../../db/schema';
import { greetingOf } from '../voice-agent';

export interface SuggestedScenario {
  name: string;
  script: TestScriptStepValue[];
  expectations: TestExpectationValue[];
}

/** The first opening day of the agent's week, for a booking that its hours allow. */
const firstOpenDay = (agent: typeof aiAgents.$inferSelect) => agent.workingHours?.days[0] ?? 'mon';

const DAY_WORDS = { mon: 'Monday', tue: 'Tuesday', wed: 'Wednesday', thu: 'Thursday', fri: 'Friday', sat: 'Saturday', sun: 'Sunday' } as const;

/**
 * A new agent's first scenarios, made from its settings: it greets as configured, books on a day
 * its hours allow, hands a caller to a person, and ends the call on a goodbye.
 */
export function suggestedScenarios(agent: typeof aiAgents.$inferSelect): SuggestedScenario[] {
  const greeting = greetingOf(agent);
  const day = firstOpenDay(agent);
  const opening = agent.workingHours?.start ?? '09:00';
  const hour = Number(opening.slice(0, 2)) + 1;
  const time = `${hour > 12 ? hour - 12 : hour} ${hour >= 12 ? 'PM' : 'AM'}`;
  return [
    {
      name: 'Greets the caller',
      script: [{ say: 'Hello?' }],
      expectations: [{ kind: 'says', text: greeting.split(/[.!?]/)[0]!.trim().slice(0, 200) || greeting.slice(0, 200) }],
    },
    {
      name: `Books on ${DAY_WORDS[day]}`,
      script: [
        { say: `I would like to book an appointment next ${DAY_WORDS[day]}.` },
        { say: `${time} please.` },
        { say: 'My name is Alex Tester.' },
      ],
      expectations: [{ kind: 'books', day }],
    },
    {
      name: 'Hands over to a person',
      script: [{ say: 'Can I speak to a person, please?' }],
      expectations: [{ kind: 'transfers' }],
    },
    {
      name: 'Ends the call on goodbye',
      script: [{ say: 'That is all, thank you. Goodbye.' }],
      expectations: [{ kind: 'ends-call' }, { kind: 'within-turns', turns: 1 }],
    },
  ];
}
