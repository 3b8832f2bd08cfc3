import type { Implementation } from '../http/implement';
import { accountEndpoints } from './account';
import { agentEndpoints } from './agent';
import { authEndpoints } from './auth';
import { callEndpoints } from './call';
import { usersEndpoints } from './users';

/** Every implemented contract endpoint; the HTTP layer registers them all. */
export const implementations: Implementation[] = [
  ...authEndpoints,
  ...usersEndpoints,
  ...accountEndpoints,
  ...callEndpoints,
  ...agentEndpoints,
];
