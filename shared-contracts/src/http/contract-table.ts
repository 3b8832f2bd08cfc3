// The contract table: every HTTP endpoint, grouped by domain, one export per domain. It is read
// as a module namespace (`contract` in index.ts), so a bundle keeps only the domains it calls:
// an object literal would carry every endpoint's schemas into every page.
export { authContract as auth } from './auth';
export { usersContract as users } from './users';
export { accountContract as account } from './account';
export { callContract as call } from './call';
export { agentContract as agent } from './agent';
export { aiClientContract as aiClient } from './ai-client';
export { conversationContract as conversation } from './conversation';
export { appointmentContract as appointment } from './appointment';
export { leadContract as lead } from './lead';
export { campaignContract as campaign } from './campaign';
export { companyContract as company } from './company';
export { integrationsContract as integrations } from './integrations';
export { knowledgeContract as knowledge } from './knowledge';
export { supportContract as support } from './support';
export { apiKeyContract as apiKey } from './api-key';
export { billingContract as billing } from './billing';
export { callFeedbackContract as callFeedback } from './call-feedback';
export { callSummariesContract as callSummaries } from './call-summaries';
export { callTraceContract as callTrace } from './call-trace';
export { agentTestContract as agentTest } from './agent-tests';
export { agentVersionContract as agentVersion } from './agent-versions';
export { webhookContract as webhook } from './webhook';
export { deskContract as desk } from './desk';
