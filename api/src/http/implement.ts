import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { BodyOf, DataOf, EndpointDef, ParamsOf, QueryOf, ResponseOf, SessionUser } from 'shared-contracts';
import type { Db } from '../db/client';
import type { ResolvedTenantKind } from './tenant';

/**
 * The caller: the session user plus the session its token names. A caller with an API key is a
 * USER of the key's account; `apiKeyId` names the key and `sessionId` is then the key's id too.
 */
export interface AuthUser extends SessionUser {
  sessionId: string;
  apiKeyId?: string;
}

/** Public endpoints may be called without a token; the rest always have a caller. */
export type CallerOf<E extends EndpointDef> = E['roles'] extends 'public' ? AuthUser | null : AuthUser;

export interface HandlerContext<E extends EndpointDef> {
  params: ParamsOf<E>;
  query: QueryOf<E>;
  body: BodyOf<E>;
  user: CallerOf<E>;
  db: Db;
  app: FastifyInstance;
  request: FastifyRequest;
}

/** What a handler returns: the `data` itself, or `{ data, total }` for paged lists. */
export type HandlerResult<E extends EndpointDef> = E['paged'] extends true ? ResponseOf<E> : DataOf<E>;

export type Handler<E extends EndpointDef> = (ctx: HandlerContext<E>) => Promise<HandlerResult<E>>;

/**
 * An endpoint with its handler. The handler's exact types are erased so implementations fit in
 * one list; the contract entry keeps its own type, so the list can be checked against the table.
 */
export interface Implementation<E extends EndpointDef = EndpointDef> {
  def: E;
  handler: (ctx: HandlerContext<EndpointDef>) => Promise<unknown>;
}

/** Fails the type check when an endpoint's tenant checks name a kind `http/tenant.ts` cannot resolve. */
type Resolvable<E extends EndpointDef> = Exclude<E['tenant'][number]['owns'], ResolvedTenantKind> extends never
  ? unknown
  : { missingTenantResolver: Exclude<E['tenant'][number]['owns'], ResolvedTenantKind> };

/**
 * Binds a handler to a contract entry. The handler's inputs and its return value are typed
 * from the entry, so a renamed field or a wrong response shape fails `tsc` here.
 */
export function implement<E extends EndpointDef>(def: E & Resolvable<E>, handler: Handler<E>): Implementation<E> {
  return { def, handler: handler as unknown as Implementation['handler'] };
}
