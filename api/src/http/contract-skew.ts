import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  API_VERSION, CONTRACT_HEADER, allEndpoints, contractFingerprint, contractMismatchText, firstUnknownKey, routePattern,
  type EndpointDef,
} from 'shared-contracts';
import { ApiError } from './api-error';

interface Skew {
  def: EndpointDef;
  endpoint: string;
  client: string;
  server: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Requests built from another contract than this server's, by endpoint, since the start. */
    contractSkew: { counts(): Record<string, number> };
  }
  interface FastifyRequest {
    contractSkew: Skew | null;
  }
}

const REQUEST_HEADER = CONTRACT_HEADER.toLowerCase();
// A fingerprint is a short hex string; anything else is logged cut to this length.
const MAX_LOGGED_LENGTH = 32;

export const contractMismatch = (field: string | undefined, refusal?: string) => {
  const text = contractMismatchText(field);
  return new ApiError(409, 'ContractMismatch', text, refusal === undefined ? undefined : [text, refusal]);
};

/**
 * Every answer of a contract endpoint carries the server's fingerprint of that endpoint; a request
 * that carries another is logged and counted (also when it succeeds, so skew shows before it breaks).
 * Such a request is held to the letter: a field its body sends that today's schema does not know
 * (an object schema would drop it without a word) or any refusal of its input answers 409
 * ContractMismatch, saying the screen is out of date and nothing was saved.
 */
export function installContractSkewChecks(app: FastifyInstance): void {
  const byRoute = new Map<string, EndpointDef>();
  for (const { def } of allEndpoints()) byRoute.set(`${def.method} /${API_VERSION}/${routePattern(def)}`, def);
  const counts = new Map<string, number>();
  app.decorate('contractSkew', { counts: () => Object.fromEntries(counts) });
  app.decorateRequest('contractSkew', null);

  app.addHook('onRequest', async (request, reply) => {
    const def = byRoute.get(`${request.method} ${request.routeOptions.url ?? ''}`);
    if (def === undefined) return;
    const server = contractFingerprint(def);
    reply.header(CONTRACT_HEADER, server);
    const sent = request.headers[REQUEST_HEADER];
    if (typeof sent !== 'string' || sent === server) return;
    const endpoint = `${def.method} ${routePattern(def)}`;
    const seen = (counts.get(endpoint) ?? 0) + 1;
    counts.set(endpoint, seen);
    const client = sent.slice(0, MAX_LOGGED_LENGTH);
    request.contractSkew = { def, endpoint, client, server };
    request.log.warn({ endpoint, client, server, mismatchedRequests: seen }, 'request built from another contract');
  });

  app.addHook('preHandler', async (request) => {
    const def = request.contractSkew?.def;
    if (def === undefined || def.multipart === true) return;
    const unknown = firstUnknownKey(def.body, request.body) ?? firstUnknownKey(def.query, request.query);
    if (unknown !== undefined) throw contractMismatch(unknown);
  });
}

/** A refusal of the input (400) of a request built from another contract becomes a 409 ContractMismatch. */
export function skewedRefusal(request: FastifyRequest, error: ApiError): ApiError | null {
  if (request.contractSkew === null || error.statusCode !== 400) return null;
  return contractMismatch(undefined, error.message);
}
