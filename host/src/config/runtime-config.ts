import * as v from 'valibot';
import { GOOGLE_SIGN_IN_FLOWS } from 'shared-contracts';
import type { RemoteName } from '../federation/remotes';

const absoluteHttp = (label: string) =>
  v.pipe(v.string(`${label} must be a text`), v.regex(/^https?:\/\/[^/]/, `${label} must be an absolute http(s) URL`));

/**
 * /runtime-config.json, served next to the host at deploy time (never bundled), so each
 * remote and the API can move without rebuilding the host.
 */
export const RuntimeConfigFile = v.object({
  apiBase: v.pipe(v.string('apiBase must be a text'), v.regex(/^(https?:\/\/[^/]|\/)/, 'apiBase must be an http(s) URL or a path starting with /')),
  wsBase: v.pipe(v.string('wsBase must be a text'), v.regex(/^wss?:\/\/[^/]/, 'wsBase must be an absolute ws(s) URL')),
  remotes: v.object(
    {
      userDashboard: absoluteHttp('remotes.userDashboard'),
      agentSoftphone: absoluteHttp('remotes.agentSoftphone'),
      admin: absoluteHttp('remotes.admin'),
    } satisfies Record<RemoteName, unknown>,
    'remotes must be an object',
  ),
  /** Present only where Google sign-in is set up (GOOGLE_CLIENT_ID on the host's server). */
  google: v.optional(v.object({
    clientId: v.pipe(v.string('google.clientId must be a text'), v.nonEmpty('google.clientId must not be empty')),
    flow: v.optional(v.picklist(GOOGLE_SIGN_IN_FLOWS, 'google.flow must be implicit or code'), 'implicit'),
    extraScopes: v.optional(v.array(v.string('google.extraScopes must be texts')), []),
  }, 'google must be an object')),
});
export type RuntimeConfigFile = v.InferOutput<typeof RuntimeConfigFile>;

export const RUNTIME_CONFIG_URL = '/runtime-config.json';

/** Every problem at once, one per line, so a broken deploy says exactly what to fix. */
export function parseRuntimeConfig(json: unknown): RuntimeConfigFile {
  const result = v.safeParse(RuntimeConfigFile, json);
  if (result.success) return result.output;
  const lines = result.issues.map((issue) => {
    const path = issue.path?.map((item) => String(item.key)).join('.');
    if (path && issue.input === undefined) return `${path}: missing`;
    return path ? `${path}: ${issue.message}` : issue.message;
  });
  throw new Error(`${RUNTIME_CONFIG_URL} is invalid:\n${lines.join('\n')}`);
}

export async function loadRuntimeConfig(url = RUNTIME_CONFIG_URL): Promise<RuntimeConfigFile> {
  const response = await fetch(url, { cache: 'no-store' });
  if (!response.ok) throw new Error(`${url} could not be loaded (HTTP ${response.status})`);
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    throw new Error(`${url} is not valid JSON`);
  }
  return parseRuntimeConfig(json);
}
