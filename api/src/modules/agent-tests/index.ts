/** Agent tests: scripted callers played against an agent through the relay route, and judged. */
import { addSuggestedTestScenarios, createTestScenario, deleteTestScenario, getTestScenarios, updateTestScenario } from './test-scenarios';
import { cancelTestRun, getTestRun, getTestRuns, runAgentTests } from './test-runs';

export { agentTestRunJob } from './test-run-job';
export { addSuggestedScenarios } from './test-scenarios';

export const agentTestEndpoints = [
  getTestScenarios, createTestScenario, addSuggestedTestScenarios, updateTestScenario, deleteTestScenario,
  runAgentTests, getTestRuns, getTestRun, cancelTestRun,
];
