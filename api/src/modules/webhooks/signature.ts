import { randomBytes } from 'node:crypto';
import { hmac } from '../../http/hmac';

const SECRET_PREFIX = 'whsec_';

export const newSigningSecret = () => `${SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;
/** Enough of the secret to tell endpoints apart on the page. */
export const secretPrefixOf = (secret: string) => secret.slice(0, SECRET_PREFIX.length + 4);

/** `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`: the timestamp is signed too, so an old delivery cannot be replayed as new. */
export function signatureHeader(secret: string, body: string, unixSeconds: number): string {
  return `t=${unixSeconds},v1=${hmac(secret, `${unixSeconds}.${body}`, 'hex')}`;
}
