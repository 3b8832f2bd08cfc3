import { accountContract } from './account';
import { agentContract } from './agent';
import { aiClientContract } from './ai-client';
import { apiKeyContract } from './api-key';
import { appointmentContract } from './appointment';
import { authContract } from './auth';
import { billingContract } from './billing';
import { callContract } from './call';
import { campaignContract } from './campaign';
import { leadContract } from './lead';
import { companyContract } from './company';
import { conversationContract } from './conversation';
import { integrationsContract } from './integrations';
import { knowledgeContract } from './knowledge';
import { supportContract } from './support';
import { usersContract } from './users';
import { webhookContract } from './webhook';
import { callFeedbackContract } from './call-feedback';
import { callSummariesContract } from './call-summaries';
import { callTraceContract } from './call-trace';
import { agentTestContract } from './agent-tests';
import { agentVersionContract } from './agent-versions';
import type { EndpointDef } from './endpoint';

/** The contract table: every HTTP endpoint, grouped by domain. */
export const contract = {
  auth: authContract,
  users: usersContract,
  account: accountContract,
  call: callContract,
  agent: agentContract,
  aiClient: aiClientContract,
  conversation: conversationContract,
  appointment: appointmentContract,
  lead: leadContract,
  campaign: campaignContract,
  company: companyContract,
  integrations: integrationsContract,
  knowledge: knowledgeContract,
  support: supportContract,
  apiKey: apiKeyContract,
  billing: billingContract,
  callFeedback: callFeedbackContract,
  callSummaries: callSummariesContract,
  callTrace: callTraceContract,
  agentTest: agentTestContract,
  agentVersion: agentVersionContract,
  webhook: webhookContract,
} as const;

export type Contract = typeof contract;
export type Domain = keyof Contract;

/** Every endpoint with its domain and key, for the server's registration and the OpenAPI document. */
export const allEndpoints = (): Array<{ domain: Domain; key: string; def: EndpointDef }> =>
  (Object.keys(contract) as Domain[]).flatMap((domain) =>
    Object.entries(contract[domain] as Record<string, EndpointDef>).map(([key, def]) => ({ domain, key, def })),
  );

export * from './endpoint';
export * from './contract-fingerprint';
export * from './auth';
export * from './call';
export * from './agent';
export * from './users';
export * from './account';
export * from './ai-client';
export * from './conversation';
export * from './appointment';
export * from './lead';
export * from './campaign';
export * from './company';
export * from './integrations';
export * from './knowledge';
export * from './support';
export * from './api-key';
export * from './billing';
export * from './call-feedback';
export * from './call-summaries';
export * from './call-trace';
export * from './agent-tests';
export * from './agent-versions';
export * from './webhook';

/** The endpoints an API key may call: the public API. */
export const publicApiEndpoints = () => allEndpoints().filter((e) => e.def.publicApi === true);
