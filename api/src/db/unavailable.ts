/** Socket errors of a connection to PostgreSQL that is refused, cut or never answers. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** SQLSTATEs of a server that is stopping, starting or gone: class 08 and the 57P shutdown codes. */
const UNAVAILABLE_STATE = /^(08...|57P0[1-3])$/;
/** node-postgres says these in words, with no code. */
const LOST_CONNECTION = /Connection terminated|timeout exceeded when trying to connect|not queryable|Cannot use a pool after calling end/i;

/**
 * Whether an error means the database does not answer (rather than that the query was wrong):
 * the request may work when it is retried in a moment. drizzle wraps the driver's error in
 * `cause`, so the chain is walked.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; typeof e === 'object' && e !== null && depth < 5; e = (e as { cause?: unknown }).cause, depth += 1) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_STATE.test(code))) return true;
    if (typeof message === 'string' && LOST_CONNECTION.test(message)) return true;
  }
  return false;
}
