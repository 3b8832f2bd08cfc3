import type { EndpointDef } from 'shared-contracts';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function pathPattern(endpoint: Pick<EndpointDef, 'path'>): RegExp {
  const path = endpoint.path.trim().replace(/^\//, '');
  const source = path
    .split(/(\{\w+\})/)
    .map((part) => (/^\{\w+\}$/.test(part) ? '[^/]+' : escape(part)))
    .join('');
  return new RegExp(`^${source}$`);
}

/** Whether an SWR key made by `apiKey` belongs to this endpoint (any params). */
export function keyMatchesEndpoint(key: unknown, endpoint: Pick<EndpointDef, 'path'>): boolean {
  return Array.isArray(key) && typeof key[0] === 'string' && pathPattern(endpoint).test(key[0]);
}
