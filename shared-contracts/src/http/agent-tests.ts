import * as v from 'valibot';
import { endpoint } from './endpoint';
import { Deleted, Id } from '../schemas/common';
import { AgentTestRun, AgentTestScenario, AgentTestScenarioBody, MAX_TEST_SCENARIOS } from '../schemas/agent-tests';

const USER = ['USER'] as const;
const ownsAgent = [{ in: 'params', key: 'agentId', owns: 'aiAgent' }] as const;

/** What starting a run answers when the agent has no scenario to play. */
export const NO_TEST_SCENARIOS_TEXT = 'Add a scenario before running the tests';
/** What cancelling a run that has already finished answers. */
export const TEST_RUN_FINISHED_TEXT = 'This test run has already finished';
export const TOO_MANY_SCENARIOS_TEXT = `An agent has at most ${MAX_TEST_SCENARIOS} test scenarios`;

export const agentTestContract = {
  getTestScenarios: endpoint({
    method: 'GET', path: 'agent/get-test-scenarios/{agentId}', summary: 'An AI agent\'s test scenarios, oldest first',
    params: v.object({ agentId: Id }), response: v.array(AgentTestScenario),
    roles: USER, tenant: ownsAgent, publicApi: true,
  }),
  createTestScenario: endpoint({
    method: 'POST', path: 'agent/create-test-scenario/{agentId}', summary: 'Add a scenario: a scripted caller and what the agent must do',
    params: v.object({ agentId: Id }), body: AgentTestScenarioBody, response: AgentTestScenario,
    roles: USER, tenant: ownsAgent, publicApi: true,
  }),
  addSuggestedTestScenarios: endpoint({
    method: 'POST', path: 'agent/add-suggested-test-scenarios/{agentId}',
    summary: 'Add the scenarios made from the agent\'s settings (greeting, a booking, a person, goodbye); answers all the agent\'s scenarios',
    params: v.object({ agentId: Id }), response: v.array(AgentTestScenario),
    roles: USER, tenant: ownsAgent,
  }),
  updateTestScenario: endpoint({
    method: 'PATCH', path: 'agent/update-test-scenario/{scenarioId}', summary: 'Change a scenario',
    params: v.object({ scenarioId: Id }), body: AgentTestScenarioBody, response: AgentTestScenario,
    roles: USER, tenant: [{ in: 'params', key: 'scenarioId', owns: 'testScenario' }], publicApi: true,
  }),
  deleteTestScenario: endpoint({
    method: 'DELETE', path: 'agent/delete-test-scenario/{scenarioId}', summary: 'Remove a scenario',
    params: v.object({ scenarioId: Id }), response: Deleted,
    roles: USER, tenant: [{ in: 'params', key: 'scenarioId', owns: 'testScenario' }], publicApi: true,
  }),
  runAgentTests: endpoint({
    method: 'POST', path: 'agent/run-tests/{agentId}',
    summary: 'Queue a run of every scenario against the agent\'s current settings and model; follow it with agent/get-test-run/{runId} until its status is passed, failed or cancelled',
    params: v.object({ agentId: Id }), response: AgentTestRun,
    roles: USER, tenant: ownsAgent, publicApi: true,
  }),
  getTestRuns: endpoint({
    method: 'GET', path: 'agent/get-test-runs/{agentId}', summary: 'The agent\'s last 20 test runs, newest first',
    params: v.object({ agentId: Id }), response: v.array(AgentTestRun),
    roles: USER, tenant: ownsAgent, publicApi: true,
  }),
  getTestRun: endpoint({
    method: 'GET', path: 'agent/get-test-run/{runId}', summary: 'One test run with each scenario\'s result so far',
    params: v.object({ runId: Id }), response: AgentTestRun,
    roles: USER, tenant: [{ in: 'params', key: 'runId', owns: 'testRun' }], publicApi: true,
  }),
  cancelTestRun: endpoint({
    method: 'POST', path: 'agent/cancel-test-run/{runId}', summary: 'Stop a queued or running test run; scenarios already played keep their results',
    params: v.object({ runId: Id }), response: AgentTestRun,
    roles: USER, tenant: [{ in: 'params', key: 'runId', owns: 'testRun' }], publicApi: true,
  }),
};
