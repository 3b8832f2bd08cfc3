import * as v from 'valibot';
import type { Role } from '../domain/roles';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';
// valibot's widest schema types; `any` keeps every concrete schema assignable here.
/* eslint-disable @typescript-eslint/no-explicit-any */
export type AnySchema = v.GenericSchema<any, any>;
/* eslint-enable @typescript-eslint/no-explicit-any */

/**
 * What an id in a request must belong to. The server resolves the id to its account and
 * refuses (404, so ids of other accounts are not revealed) when it is not the caller's.
 * - `account`: the value is an account id and must be the caller's account.
 * - `self`: the value is a user id and must be the caller's own id.
 * - `accountUser`: a user id in the caller's account.
 * - `selfEmail`: the value is an email address and must be the caller's own.
 * - `agentNumber`: a phone number assigned to the caller (human agents text and call from it).
 * - `callSid`: a telephony call id of a call of the caller's account.
 * - `aiClient`: AI/STT/TTS clients are shared by every account (administrators manage them),
 *   so for other roles the check is that the client exists and is enabled.
 * - `checkoutSession`: a payment provider's checkout session id, opened by the caller's account.
 * - the rest: an entity id looked up in its table.
 * ADMINISTRATOR callers pass every check: they manage all accounts.
 */
export type TenantKind =
  | 'account' | 'self' | 'accountUser' | 'agentNumber'
  | 'aiAgent' | 'call' | 'conversation' | 'appointment' | 'aiClient'
  | 'selfEmail' | 'callSid' | 'smsConversation' | 'supportRequest' | 'apiKey' | 'integration' | 'checkoutSession' | 'webhookEndpoint' | 'lead'
  | 'testScenario' | 'testRun';

export interface TenantCheck {
  in: 'params' | 'query' | 'body';
  key: string;
  owns: TenantKind;
  /** When the value is absent, the server fills in the caller's own value (accountId fallbacks). */
  optional?: boolean;
  /**
   * The value is optional (a filter, or a nullable link): check it only when present and not
   * null; absent means "no filter / no link", not "the caller's own".
   */
  whenPresent?: boolean;
}

export interface EndpointDef {
  method: HttpMethod;
  /** The path exactly as the API's path table spells it, with `{name}` for path parameters. */
  path: string;
  summary: string;
  params?: AnySchema;
  query?: AnySchema;
  body?: AnySchema;
  /** Schema of the response's `data` field. */
  response: AnySchema;
  /** `public`: no token needed. Otherwise the roles allowed to call it. */
  roles: 'public' | readonly Role[];
  tenant: readonly TenantCheck[];
  /** The response also carries a top-level `total` (paged lists). */
  paged?: boolean;
  /** The body is multipart/form-data with a single `file` field. */
  multipart?: boolean;
  /**
   * Part of the public API: an API key (`Authorization: Bearer ak_live_…`) may call it, as a
   * USER of the key's account. Every other endpoint refuses a key (403).
   */
  publicApi?: true;
  /**
   * A POST that creates something: it accepts an `Idempotency-Key` header, and a retry with the
   * same key and request within a day answers the first result instead of creating again.
   */
  idempotent?: true;
}

/** Request header that makes a retried create safe (see `EndpointDef.idempotent`). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** Response header on an answer repeated from an earlier request with the same Idempotency-Key. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';
/** An API key's quota policy (IETF httpapi ratelimit-headers draft): `"default";q=<requests>;w=<seconds>`. */
export const RATE_LIMIT_POLICY_HEADER = 'RateLimit-Policy';
/** What is left of an API key's quota: `"default";r=<remaining>;t=<seconds until the window resets>`. */
export const RATE_LIMIT_HEADER = 'RateLimit';
export const RETRY_AFTER_HEADER = 'Retry-After';

export const endpoint = <const E extends EndpointDef>(def: E): E => def;

type Out<S> = S extends AnySchema ? v.InferOutput<S> : undefined;
type In<S> = S extends AnySchema ? v.InferInput<S> : undefined;

export type ParamsOf<E extends EndpointDef> = Out<E['params']>;
export type QueryOf<E extends EndpointDef> = Out<E['query']>;
export type BodyOf<E extends EndpointDef> = Out<E['body']>;
export type ParamsInputOf<E extends EndpointDef> = In<E['params']>;
export type QueryInputOf<E extends EndpointDef> = In<E['query']>;
export type BodyInputOf<E extends EndpointDef> = In<E['body']>;
export type DataOf<E extends EndpointDef> = v.InferOutput<E['response']>;

/** What the server sends back: `{ data }`, plus `total` for paged lists. */
export type ResponseOf<E extends EndpointDef> = E['paged'] extends true
  ? { data: DataOf<E>; total: number }
  : { data: DataOf<E> };

/** The request a client builds; only the parts the endpoint declares are required. */
export type RequestOf<E extends EndpointDef> =
  (E['params'] extends AnySchema ? { params: ParamsInputOf<E> } : { params?: undefined }) &
  (E['query'] extends AnySchema ? { query?: QueryInputOf<E> } : { query?: undefined }) &
  (E['body'] extends AnySchema ? { body: E['multipart'] extends true ? FormData : BodyInputOf<E> } : { body?: undefined });

/** `{accountId}` → `:accountId`, without the leading slash or the spec's stray whitespace. */
export const routePattern = (e: Pick<EndpointDef, 'path'>): string =>
  e.path.trim().replace(/^\//, '').replace(/\{(\w+)\}/g, ':$1');

/** The concrete path of a call, without the API base and version segment. */
export function buildPath(e: Pick<EndpointDef, 'path'>, params?: Record<string, unknown>): string {
  return e.path.trim().replace(/^\//, '').replace(/\{(\w+)\}/g, (_m, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') {
      throw new Error(`Missing path parameter "${name}" for ${e.path.trim()}`);
    }
    return encodeURIComponent(String(value));
  });
}

export const API_VERSION = 'v1';
