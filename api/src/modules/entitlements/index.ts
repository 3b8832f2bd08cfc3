export { accountPlan } from './account-plan';
export { assertAgentFeatures } from './agent-features';
export { featureNotInPlan, hasFeature, requireFeature } from './require-feature';
export { servedCallLogs } from './recording-access';
export { agentAsPlanServes } from './served-agent';
