import { init, registerRemotes } from '@module-federation/enhanced/runtime';
import { remoteErrorPlugin } from './remote-error-plugin';
import { renewRemoteScreens } from './remote-screens';
import type { RemoteName } from './remotes';

const entries = new Map<RemoteName, string>();

/**
 * Joins the runtime instance the build created for the host (same name) and registers the
 * remotes read from runtime-config.json. 'loaded-first' takes shared modules that are already
 * loaded instead of fetching every remote at start-up, so one remote down cannot stop the host.
 */
export function initFederation(hostName: string, remotes: Record<RemoteName, string>): void {
  init({ name: hostName, remotes: [], shareStrategy: 'loaded-first', plugins: [remoteErrorPlugin()] });
  for (const [name, entry] of Object.entries(remotes) as Array<[RemoteName, string]>) entries.set(name, entry);
  registerRemotes([...entries].map(([name, entry]) => ({ name, entry })));
}

/** Retry: forget the remote's cached failure (force re-registration) and its failed lazy screens. */
export function reloadRemote(remote: RemoteName): void {
  const entry = entries.get(remote);
  if (entry) registerRemotes([{ name: remote, entry }], { force: true });
  renewRemoteScreens(remote);
}
