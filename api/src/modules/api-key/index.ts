import { createApiKey, listApiKeys, revokeApiKey } from './api-keys';

export const apiKeyEndpoints = [createApiKey, listApiKeys, revokeApiKey];
export { apiKeyCallersPlugin } from './key-callers';
