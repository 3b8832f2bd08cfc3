import { CONTRACT_HEADER, contractFingerprint, type EndpointDef } from 'shared-contracts';
import { tokenAtom } from '../auth/auth-atoms';
import { authStore } from '../store';

/**
 * What every API request carries: JSON wanted, the stored token when there is one, and the
 * fingerprint of the endpoint definition this bundle was built with (contract-check.ts).
 */
export function requestHeaders(endpoint: EndpointDef): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json', [CONTRACT_HEADER]: contractFingerprint(endpoint) };
  const token = authStore.get(tokenAtom);
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}
