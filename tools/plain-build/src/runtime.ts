// Stands in for '@module-federation/enhanced/runtime' in the one-bundle build: a remote's
// exposed screen is an ordinary lazy chunk of the same build, and there is nothing to register.
type Loader = (screen: string) => Promise<unknown>;

// Template imports: webpack makes one lazy chunk per file in each exposes folder.
const loaders: Record<string, Loader> = {
  userDashboard: (screen) => import(`../../../mf-user-dashboard/src/exposes/${screen}.tsx`),
  agentSoftphone: (screen) => import(`../../../mf-agent-softphone/src/exposes/${screen}.tsx`),
  admin: (screen) => import(`../../../mf-admin/src/exposes/${screen}.tsx`),
};

export function init(): void {}
export function registerRemotes(): void {}
// One build has no shared modules to disagree about.
export function registerGlobalPlugins(): void {}
export const satisfy = (): boolean => true;

export async function loadRemote<T>(id: string): Promise<T> {
  const [remote = '', screen = ''] = id.split('/');
  const load = loaders[remote];
  if (!load) throw new Error(`No app named ${remote} in this build`);
  return (await load(screen)) as T;
}

export type ModuleFederationRuntimePlugin = Record<string, unknown>;
