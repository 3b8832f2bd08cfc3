import { preloadRemoteEntries } from './preload-remote-entries';

afterEach(() => document.head.querySelectorAll('link').forEach((link) => link.remove()));

test('asks the browser for each remote entry once, as a script to preload', () => {
  preloadRemoteEntries(['https://agent.test/remoteEntry.js', 'https://agent.test/remoteEntry.js', 'https://admin.test/remoteEntry.js']);
  const links = [...document.head.querySelectorAll('link')];
  expect(links.map((link) => [link.rel, link.as, link.href])).toEqual([
    ['preload', 'script', 'https://agent.test/remoteEntry.js'],
    ['preload', 'script', 'https://admin.test/remoteEntry.js'],
  ]);
});

test('a page with no remote screen preloads nothing', () => {
  preloadRemoteEntries([]);
  expect(document.head.querySelectorAll('link')).toHaveLength(0);
});
