import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

export const HTTPS_ONLY_TEXT = 'Endpoint URL must use https';
export const PRIVATE_ADDRESS_TEXT = 'Endpoint URL must not point to a private or local network address';
export const UNKNOWN_HOST_TEXT = 'Endpoint URL\'s host could not be found';

/**
 * Only public unicast addresses may receive webhooks in production: private, loopback,
 * link-local, carrier-grade NAT, unique-local, multicast and reserved ranges (and IPv4 inside
 * IPv6) are refused, so a webhook cannot be aimed at our own network.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() === 'unicast';
}

/** Where webhooks may go: anywhere in development and tests (a local receiver), public https only in production. */
export interface AddressPolicy {
  allowPrivate: boolean;
}

export const addressPolicyFor = (nodeEnv: string): AddressPolicy => ({ allowPrivate: nodeEnv !== 'production' });

const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/** Why a URL may not receive webhooks under this policy, or null when it may; resolves the host's name. */
export async function refusalOf(rawUrl: string, policy: AddressPolicy): Promise<string | null> {
  if (policy.allowPrivate) return null;
  const url = new URL(rawUrl);
  if (url.protocol !== 'https:') return HTTPS_ONLY_TEXT;
  const host = hostOf(url);
  if (isIP(host) !== 0) return isPublicAddress(host) ? null : PRIVATE_ADDRESS_TEXT;
  let addresses: Array<{ address: string }>;
  try {
    addresses = await lookup(host, { all: true, verbatim: true });
  } catch {
    return UNKNOWN_HOST_TEXT;
  }
  return addresses.length > 0 && addresses.every((a) => isPublicAddress(a.address)) ? null : PRIVATE_ADDRESS_TEXT;
}
