import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

type ResolveArgs = Parameters<NonNullable<ModuleFederationRuntimePlugin['resolveShare']>>[0];
type Satisfy = (version: string, range: string) => boolean;

/**
 * One console line for every shared module a remote asks for at a version the page does not
 * have, naming both versions: a remote deployed against other shared-auth or shared-contracts
 * source is seen, whether the runtime then hands it the page's singleton or lets it run its own
 * copy. Registered as a global plugin, so every remote's federation instance runs it too.
 * `satisfy` is the runtime's own range check, passed in so this module stays out of the main chunk.
 */
export function shareSkewPlugin(satisfy: Satisfy): ModuleFederationRuntimePlugin {
  const reported = new Set<string>();
  return {
    name: 'host-share-skew',
    resolveShare(args: ResolveArgs) {
      const { pkgName, version, shareInfo } = args;
      const required = shareInfo.shareConfig?.requiredVersion;
      if (typeof required !== 'string' || required === '*' || typeof version !== 'string' || satisfy(version, required)) return args;
      const key = `${shareInfo.from}:${pkgName}:${version}`;
      if (reported.has(key)) return args;
      reported.add(key);
      const outcome = shareInfo.shareConfig?.singleton ? 'it takes the page\'s copy' : 'it runs its own copy';
      console.warn(`Shared module ${pkgName}: "${shareInfo.from}" was built against ${required}, the page has ${version}; ${outcome}`);
      return args;
    },
  };
}
