export { accountPlan } from './account-plan';
export { assertAgentFeatures } from './agent-features';
export { featureNotInPlan, hasFeature, requireFeature } from './require-feature';
export { agentAsPlanServes } from './served-agent';
