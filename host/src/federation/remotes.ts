import type { RouteOwner } from 'shared-contracts';

/** The remotes, named as the route table's `owner` values and as each remote's MF `name`. */
export type RemoteName = Exclude<RouteOwner, 'host'>;
export const REMOTE_NAMES = ['userDashboard', 'agentSoftphone', 'admin'] as const satisfies readonly RemoteName[];

/** How a remote is named to users when it cannot be loaded. */
export const REMOTE_LABELS: Record<RemoteName, string> = {
  userDashboard: 'The dashboard',
  agentSoftphone: 'The agent workspace',
  admin: 'The admin console',
};
