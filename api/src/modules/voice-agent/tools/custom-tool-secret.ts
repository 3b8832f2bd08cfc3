import { randomBytes } from 'node:crypto';
import { createCredentialCipher } from '../../ai-client';

const SECRET_PREFIX = 'tsec_';

/** One secret per agent signs every request its custom tools send. */
export const newToolSecret = () => `${SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;
/** Enough of the secret to recognise it on the page. */
export const toolSecretPrefixOf = (secret: string) => secret.slice(0, SECRET_PREFIX.length + 4);

/** The agent's id is bound in: a sealed secret copied to another agent's row does not open. */
const context = (agentId: string) => `ai-agent-tools:${agentId}`;

export const sealToolSecret = (key: string, agentId: string, secret: string) => createCredentialCipher(key).encrypt(secret, context(agentId));
export const openToolSecret = (key: string, agentId: string, sealed: string) => createCredentialCipher(key).decrypt(sealed, context(agentId));
