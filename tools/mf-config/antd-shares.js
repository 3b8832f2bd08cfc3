// antd shared one component at a time. A shared module is not tree-shaken, so sharing antd
// (or one module re-exporting the components) ships every component on every route. Instead
// each shared-ui/src/antd/<name>.ts is its own singleton share: a route downloads only the
// components it renders. Every build provides all of them and the first registered provider
// (the host) serves them all, so antd's internals (config and theme contexts, the style
// cache) come from one build, where webpack splits them into common chunks.
const path = require('node:path');
const fs = require('node:fs');
const crypto = require('node:crypto');

const SHARED_UI_ANTD_DIR = path.join(__dirname, '..', '..', 'shared-ui', 'src', 'antd');
const KEY_PREFIX = 'shared-ui/antd/';

const isAntdShareKey = (key) => typeof key === 'string' && key.startsWith(KEY_PREFIX);
const isAntdConsume = (module) => module.constructor.name === 'ConsumeSharedModule' && isAntdShareKey(module.options?.shareKey);
/** The share key a consume or provide module stands for. */
const shareKeyOf = (module) => module?.options?.shareKey ?? module?._name;

/** The components shared: shared-ui/src/antd/<name>.ts. */
const antdShareNames = () => fs.readdirSync(SHARED_UI_ANTD_DIR).filter((file) => file.endsWith('.ts')).map((file) => file.replace(/\.ts$/, ''));

/**
 * Shares whose module re-exports a list that grows with features (the icons): a remote built
 * with an icon the host's copy lacks would render `undefined`. They are versioned by their file's
 * source, like shared-contracts: a remote takes the host's copy only when both were built from the
 * same list, and otherwise runs its own (icons hold no state that needs one copy).
 */
const SOURCE_VERSIONED_NAMES = ['icons'];

const antdVersionOf = () => {
  const antdPkg = require.resolve('antd/package.json', { paths: [path.dirname(SHARED_UI_ANTD_DIR)] });
  return JSON.parse(fs.readFileSync(antdPkg, 'utf8')).version;
};

/** The version a shared-ui/antd/<name> share is offered at: antd's, or for a growing list its source's. */
function antdShareVersionOf(name, antdVersion = antdVersionOf()) {
  if (!SOURCE_VERSIONED_NAMES.includes(name)) return { version: antdVersion, requiredVersion: `^${antdVersion}`, singleton: true };
  const source = fs.readFileSync(path.join(SHARED_UI_ANTD_DIR, `${name}.ts`));
  const version = `${antdVersion}-src.${crypto.createHash('sha256').update(source).digest('hex').slice(0, 12)}`;
  return { version, requiredVersion: version, singleton: false };
}

function antdShares() {
  const antdVersion = antdVersionOf();
  return Object.fromEntries(
    antdShareNames().map((name) => {
      const absolute = path.join(SHARED_UI_ANTD_DIR, `${name}.ts`);
      // An absolute key matches every import that resolves to the file, relative or not.
      return [absolute, { import: absolute, shareKey: `${KEY_PREFIX}${name}`, ...antdShareVersionOf(name, antdVersion), eager: false }];
    }),
  );
}

/** The host loads each component it provides with `import(\`shared-ui/src/antd/${name}.ts\`)`. */
const isAntdContext = (module) => module?.constructor.name === 'ContextModule' && realDir(module.context) === SHARED_UI_ANTD_DIR;
/** The host reaches shared-ui through its node_modules link; webpack keeps that path for a context. */
const realDirs = new Map();
const realDir = (dir) => {
  if (!dir) return dir;
  if (!realDirs.has(dir)) realDirs.set(dir, fs.existsSync(dir) ? fs.realpathSync(dir) : dir);
  return realDirs.get(dir);
};

/** The antd share keys whose fallback chunk a chunk is (the async chunk behind a consume or a
 *  provide of a shared-ui/antd/* key), or the host's chunk for a component it provides. */
function antdKeysOfChunk(chunk) {
  const keys = new Set();
  for (const group of chunk.groupsIterable) {
    for (const origin of group.origins) {
      const key = shareKeyOf(origin.module);
      if (isAntdShareKey(key)) keys.add(key);
      else if (isAntdContext(origin.module)) keys.add(`${KEY_PREFIX}${path.basename(String(origin.request), '.ts')}`);
    }
  }
  return keys;
}

const isAntdFallbackChunk = (chunk) => antdKeysOfChunk(chunk).size > 0;
/** Modules of the components the app's first screen renders (filled per compilation). */
const shellModules = new WeakSet();

class AntdSharesPlugin {
  apply(compiler) {
    compiler.hooks.compilation.tap('AntdSharesPlugin', (compilation) => {
      // A consume has no side effects of its own, but webpack cannot know it and keeps every
      // one a barrel re-exports: marked side-effect free, `import { Button } from 'shared-ui'`
      // consumes shared-ui/antd/button only.
      compilation.hooks.succeedModule.tap('AntdSharesPlugin', (module) => {
        if (isAntdConsume(module)) module.buildMeta.sideEffectFree = true;
      });
      // The components an app's first screen needs are fetched on every load of that app: their
      // modules are noted so the split below puts them in one chunk, not dozens.
      compilation.hooks.optimizeChunks.tap({ name: 'AntdSharesPlugin', stage: -100 }, (chunks) => {
        const { chunkGraph } = compilation;
        // An entry is `import('./bootstrap')`: the first screen is the entry and its direct imports.
        const firstScreen = new Set();
        for (const entrypoint of compilation.entrypoints.values()) {
          for (const chunk of entrypoint.chunks) firstScreen.add(chunk);
          for (const child of entrypoint.childrenIterable) for (const chunk of child.chunks) firstScreen.add(chunk);
        }
        const shellKeys = new Set();
        for (const module of compilation.modules) {
          if (!isAntdConsume(module)) continue;
          if ([...chunkGraph.getModuleChunksIterable(module)].some((chunk) => firstScreen.has(chunk))) shellKeys.add(module.options.shareKey);
        }
        for (const chunk of chunks) {
          if (![...antdKeysOfChunk(chunk)].some((key) => shellKeys.has(key))) continue;
          for (const module of chunkGraph.getChunkModulesIterable(chunk)) shellModules.add(module);
        }
      });
    });
  }
}

/** Without this, each antd fallback chunk would carry its own copy of antd's common internals
 *  (webpack duplicates modules whose split chunk would be under 20 KB). The split considers
 *  those chunks only, so an app's own chunks never pull in antd internals they do not use. */
const antdCacheGroups = {
  // What the app's first screen renders: one chunk.
  // Taken out of every antd chunk, so other components reuse it rather than copy it.
  antdShell: { chunks: isAntdFallbackChunk, test: (module) => shellModules.has(module), minChunks: 1, name: 'antd-shell', priority: 30, enforce: true, reuseExistingChunk: true },
  // Config, theme, style and util modules most components need: one chunk.
  antdCore: { chunks: isAntdFallbackChunk, minChunks: 6, name: 'antd-core', priority: 20, enforce: true, reuseExistingChunk: true },
  antdShared: { chunks: isAntdFallbackChunk, minChunks: 2, minSize: 0, priority: 10, maxAsyncRequests: 60, reuseExistingChunk: true },
};

/** The host's split: as above, and the one-line modules shared-ui/src/antd/<name>.ts in one chunk.
 *  Its own screens import antd through shared-ui's barrel, which webpack links past those
 *  modules, so each would otherwise be a request of a hundred bytes when a remote asks for it. */
const hostAntdCacheGroups = {
  ...antdCacheGroups,
  antdShareModules: { chunks: isAntdFallbackChunk, test: (module) => Boolean(module.resource) && realDir(path.dirname(module.resource)) === SHARED_UI_ANTD_DIR, name: 'antd-shares', priority: 40, enforce: true },
};

module.exports = { antdShares, antdShareVersionOf, hostAntdCacheGroups, antdShareNames, isAntdShareKey, AntdSharesPlugin, antdCacheGroups, KEY_PREFIX };
