/**
 * Compile-time proof that handlers are typed from the contract: `pnpm typecheck` fails if any
 * `@ts-expect-error` below stops being an error. Never run, never imported.
 */
import * as v from 'valibot';
import { contract, endpoint } from 'shared-contracts';
import { implement } from '../src/http/implement';

export const wrongShape = implement(contract.call.getCallStats, async () =>
  // @ts-expect-error the response lacks byDay and misspells a count
  ({ total: 1, inbound: 1, outbund: 0, answered: 1, missed: 0, averageDurationSeconds: 3 }));

export const pagedNeedsTotal = implement(contract.call.getCallLogs, async () =>
  // @ts-expect-error a paged endpoint returns { data, total }, not the bare list
  []);

export const readsDeclaredInput = implement(contract.agent.getAgents, async ({ params, user }) => {
  // @ts-expect-error getAgents has no query schema, so no query fields exist
  const unknownField: string = params.userId;
  const role: 'USER' | 'AGENT' | 'ADMINISTRATOR' = user.role;
  void unknownField;
  void role;
  return [];
});

export const publicCallerMayBeNull = implement(contract.auth.sessionUser, async ({ user }) => {
  // @ts-expect-error on a public endpoint the caller may be null
  const id: string = user.id;
  void id;
  return null;
});

const integrationEndpoint = endpoint({
  method: 'GET', path: 'probe/{id}', summary: 'type-check probe', params: v.object({ id: v.string() }),
  response: v.null(), roles: ['USER'], tenant: [{ in: 'params', key: 'id', owns: 'supportRequest' }],
});
// @ts-expect-error support requests have no tenant resolver yet, so such an endpoint cannot be implemented
export const unresolvedTenant = implement(integrationEndpoint, async () => null);
