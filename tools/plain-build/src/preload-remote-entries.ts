// Stands in for host/src/federation/preload-remote-entries.ts in the one-bundle build: its
// screens are chunks of the same build, with no remote entry to fetch.
export function preloadRemoteEntries(): void {}
