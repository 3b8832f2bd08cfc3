// Stands in for '@module-federation/inject-external-runtime-core-plugin' in the one-bundle
// build: no remote takes the runtime's core from it.
export default function provideRuntimeCore(): Record<string, never> {
  return {};
}
