import { accountContract } from './account';
import { agentContract } from './agent';
import { authContract } from './auth';
import { callContract } from './call';
import { usersContract } from './users';
import type { EndpointDef } from './endpoint';

/** The contract table: every HTTP endpoint, grouped by domain. */
export const contract = {
  auth: authContract,
  users: usersContract,
  account: accountContract,
  call: callContract,
  agent: agentContract,
} as const;

export type Contract = typeof contract;
export type Domain = keyof Contract;

/** Every endpoint with its domain and key, for the server's registration and the OpenAPI document. */
export const allEndpoints = (): Array<{ domain: Domain; key: string; def: EndpointDef }> =>
  (Object.keys(contract) as Domain[]).flatMap((domain) =>
    Object.entries(contract[domain] as Record<string, EndpointDef>).map(([key, def]) => ({ domain, key, def })),
  );

export * from './endpoint';
export * from './auth';
export * from './call';
export * from './agent';
