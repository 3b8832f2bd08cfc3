// Stands in for host/src/federation/host-shares.ts in the one-bundle build: there are no
// remotes to hand shared modules to.
export function hostShares(): Record<string, never> {
  return {};
}
