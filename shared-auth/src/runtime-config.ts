/** Where the browser finds the API and the realtime socket; supplied by the host at start-up. */
export interface RuntimeConfig {
  /** e.g. `https://api.example.com` (the client appends `/v1/<path>`). */
  apiBase: string;
  /** e.g. `wss://api.example.com` (the client appends the socket path). */
  wsBase: string;
}

let current: RuntimeConfig | null = null;

const trimSlash = (url: string) => url.replace(/\/+$/, '');

export function configureRuntime(config: RuntimeConfig): void {
  const missing = (['apiBase', 'wsBase'] as const).filter((key) => !config[key]?.trim());
  if (missing.length > 0) throw new Error(`configureRuntime: missing ${missing.join(', ')}`);
  current = { apiBase: trimSlash(config.apiBase.trim()), wsBase: trimSlash(config.wsBase.trim()) };
}

export function getRuntimeConfig(): RuntimeConfig {
  if (!current) throw new Error('getRuntimeConfig: configureRuntime() must be called before the app renders');
  return current;
}
