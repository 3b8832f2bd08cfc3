import * as v from 'valibot';
import { GOOGLE_SIGN_IN_FLOWS } from 'shared-contracts';
import type { RemoteName } from '../federation/remotes';

const absoluteHttp = (label: string) =>
  v.pipe(v.string(`${label} must be a text`), v.regex(/^https?:\/\/[^/]/, `${label} must be an absolute http(s) URL`));

/**
 * The runtime configuration, written by the host's server at deploy time (never bundled), so
 * each remote and the API can move without rebuilding the host: into the page it sends, and as
 * /runtime-config.json.
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
export function parseRuntimeConfig(json: unknown, source = RUNTIME_CONFIG_URL): RuntimeConfigFile {
  const result = v.safeParse(RuntimeConfigFile, json);
  if (result.success) return result.output;
  const lines = result.issues.map((issue) => {
    const path = issue.path?.map((item) => String(item.key)).join('.');
    if (path && issue.input === undefined) return `${path}: missing`;
    return path ? `${path}: ${issue.message}` : issue.message;
  });
  throw new Error(`${source} is invalid:\n${lines.join('\n')}`);
}

/** Where the host's server writes the configuration into the page it sends: a JSON data block,
 *  which no Content Security Policy treats as script. */
export const INLINE_RUNTIME_CONFIG_ID = 'runtime-config';
const INLINE_SOURCE = `The page's runtime configuration (#${INLINE_RUNTIME_CONFIG_ID})`;

/** The configuration the page carries, or undefined where its server wrote none (the webpack
 *  dev server). Read from the page, a remote screen's chain starts without waiting for a request. */
export function readInlineRuntimeConfig(doc: Document = document): RuntimeConfigFile | undefined {
  const block = doc.getElementById(INLINE_RUNTIME_CONFIG_ID);
  if (!block) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(block.textContent ?? '');
  } catch {
    throw new Error(`${INLINE_SOURCE} is not valid JSON`);
  }
  return parseRuntimeConfig(json, INLINE_SOURCE);
}

/** The page's own configuration, else /runtime-config.json. */
export async function loadRuntimeConfig(url = RUNTIME_CONFIG_URL): Promise<RuntimeConfigFile> {
  const inline = readInlineRuntimeConfig();
  if (inline) return inline;
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
