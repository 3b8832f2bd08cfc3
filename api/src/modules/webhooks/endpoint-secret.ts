import { createCredentialCipher } from '../ai-client';

/** The endpoint's id is bound in: a sealed secret copied to another endpoint's row does not open. */
const context = (endpointId: string) => `webhook-endpoint:${endpointId}`;

export const sealEndpointSecret = (key: string, endpointId: string, secret: string) => createCredentialCipher(key).encrypt(secret, context(endpointId));
export const openEndpointSecret = (key: string, endpointId: string, sealed: string) => createCredentialCipher(key).decrypt(sealed, context(endpointId));
