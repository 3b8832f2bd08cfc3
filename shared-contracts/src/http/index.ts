import * as contract from './contract-table';
import type { EndpointDef } from './endpoint';

/** The contract table: every HTTP endpoint, grouped by domain (contract-table.ts). */
export { contract };

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
export * from './desk';

/** The endpoints an API key may call: the public API. */
export const publicApiEndpoints = () => allEndpoints().filter((e) => e.def.publicApi === true);
