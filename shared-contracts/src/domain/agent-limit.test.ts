import { agentLimitError, freePlanAgentLimit } from './agent-limit';
import { freePlanLimitMessage } from './limits';

test('defaults: 3 agents, 7 for the special account', () => {
  expect(freePlanAgentLimit()).toBe(3);
  expect(freePlanAgentLimit(null)).toBe(3);
  expect(freePlanAgentLimit(7)).toBe(7);
  expect(freePlanAgentLimit(0)).toBe(0);
});

test('the refusal text', () => expect(freePlanLimitMessage(3)).toBe('You can only have 3 agents in the free plan'));

describe('agentLimitError', () => {
  test('free plan below the cap is allowed', () => expect(agentLimitError({ plan: 'free', agentCount: 2 })).toBeNull());
  test('free plan at the cap is refused', () =>
    expect(agentLimitError({ plan: 'free', agentCount: 3 })).toBe('You can only have 3 agents in the free plan'));
  test('free plan above the cap is refused', () =>
    expect(agentLimitError({ plan: 'free', agentCount: 9 })).toBe('You can only have 3 agents in the free plan'));
  test('the override raises the cap and names it', () => {
    expect(agentLimitError({ plan: 'free', agentCount: 6, agentCapOverride: 7 })).toBeNull();
    expect(agentLimitError({ plan: 'free', agentCount: 7, agentCapOverride: 7 })).toBe('You can only have 7 agents in the free plan');
  });
  test('paid plans are not capped', () =>
    expect(agentLimitError({ plan: 'efficiency-plus', agentCount: 50, agentCapOverride: 1 })).toBeNull());
});
