/**
 * Asks the browser for remote entries (remoteEntry.js URLs) at once, beside the federation
 * runtime's own chunk, rather than once the runtime has started: the runtime's script tag then
 * takes the file already downloaded. The one-bundle build has no remote entries and swaps this
 * module for a no-op (tools/plain-build).
 */
export function preloadRemoteEntries(urls: Iterable<string>): void {
  for (const url of new Set(urls)) {
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'script';
    link.href = url;
    document.head.appendChild(link);
  }
}
