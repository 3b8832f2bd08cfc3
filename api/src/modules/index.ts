import type { Implementation } from '../http/implement';
import { accountEndpoints } from './account';
import { agentEndpoints } from './agent';
import { authEndpoints } from './auth';
import { callEndpoints } from './call';
import { usersEndpoints } from './users';
import { aiClientEndpoints } from './ai-client';
import { campaignEndpoints } from './campaign';
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

/** Every implemented contract endpoint; the HTTP layer registers them all. */
export const implementations: Implementation[] = [
  ...authEndpoints,
  ...usersEndpoints,
  ...accountEndpoints,
  ...callEndpoints,
  ...agentEndpoints,
  ...aiClientEndpoints,
  ...campaignEndpoints,
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
];
