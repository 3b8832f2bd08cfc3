import type { Contract, Domain } from 'shared-contracts';
import type { Implementation } from '../http/implement';
import { accountEndpoints } from './account';
import { agentEndpoints } from './agent';
import { authEndpoints } from './auth';
import { callEndpoints } from './call';
import { usersEndpoints } from './users';
import { aiClientEndpoints } from './ai-client';
import { campaignEndpoints } from './campaign';
import { leadEndpoints } from './lead';
import { knowledgeEndpoints } from './knowledge';
import { callReportEndpoints } from './call-reports';
import { appointmentEndpoints } from './appointment';
import { preferenceEndpoints } from './preferences';
import { companyEndpoints } from './company';
import { supportEndpoints } from './support';
import { apiKeyEndpoints } from './api-key';
import { conversationEndpoints } from './conversation';
import { billingEndpoints } from './billing';
import { integrationEndpoints } from './integrations';
import { webhookEndpointsImpl } from './webhooks';
import { callTraceEndpoints } from './call-trace';
import { agentTestEndpoints } from './agent-tests';
import { deskEndpoints } from './desk';

const implemented = [
  ...authEndpoints,
  ...usersEndpoints,
  ...accountEndpoints,
  ...callEndpoints,
  ...agentEndpoints,
  ...aiClientEndpoints,
  ...campaignEndpoints,
  ...leadEndpoints,
  ...knowledgeEndpoints,
  ...callReportEndpoints,
  ...appointmentEndpoints,
  ...preferenceEndpoints,
  ...companyEndpoints,
  ...supportEndpoints,
  ...apiKeyEndpoints,
  ...conversationEndpoints,
  ...integrationEndpoints,
  ...billingEndpoints,
  ...webhookEndpointsImpl,
  ...callTraceEndpoints,
  ...agentTestEndpoints,
  ...deskEndpoints,
];

type ContractEntry = { [D in Domain]: Contract[D][keyof Contract[D]] }[Domain];
type Unimplemented = Exclude<ContractEntry, (typeof implemented)[number]['def']>;

/**
 * Every contract endpoint with its handler; the HTTP layer registers them all. An entry of the
 * contract table without a handler fails the type check here, naming the entry.
 */
export const implementations: [Unimplemented] extends [never] ? Implementation[] : { unimplemented: Unimplemented } = implemented;
