// The one webpack + Module Federation config every app builds with. An app's
// webpack.config.js only names itself, its port and what it exposes.
const path = require('node:path');
const fs = require('node:fs');
const crypto = require('node:crypto');
const zlib = require('node:zlib');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const CompressionPlugin = require('compression-webpack-plugin');
const { antdShares, antdShareNames, isAntdShareKey, AntdSharesPlugin, antdCacheGroups, hostAntdCacheGroups } = require('./antd-shares');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');

/** Packages the host hands its remotes. `react/` and `react-dom/` (with the slash) cover
 *  subpaths such as `react/jsx-runtime` and `react-dom/client`. antd is deliberately absent:
 *  a shared module is not tree-shaken, so antd is shared one component at a time (antd-shares.js).
 *  The forms libraries and shared-contracts hold no state that needs one copy, but the host
 *  already runs nearly all of them on its first screen: shared, a remote does not ship them again
 *  (measured: -12 to -16 KiB gzip on each remote route, +6 KiB on the host's). */
const SHARED_PACKAGES = [
  'react', 'react/', 'react-dom', 'react-dom/', 'react-router-dom',
  'jotai', 'swr', 'notistack', 'final-form', 'react-final-form', 'shared-auth', 'shared-contracts',
];

/** Workspace packages that change with every feature and hold no state: a remote takes the
 *  host's copy only when both were built from the same source, and otherwise runs its own, so a
 *  remote shipped before the host (or after it) never meets a contract it was not built with. */
const SHARED_BY_SOURCE = ['shared-contracts'];

/** Workspace singletons (the session store must be one copy in the page) versioned by their source
 *  too: the host's copy is always taken, and a remote built from other source is named by the
 *  runtime's singleton check and by the host's share-skew plugin, with both versions. */
const SINGLETON_BY_SOURCE = ['shared-auth'];

/** The fingerprint of a package's source (every file under src/ but tests), as a semver
 *  pre-release: `1.0.0-src.<12 hex>`. Equal only for equal source. */
function sourceVersionOf(pkgName, dirname) {
  const pkgDir = path.dirname(fs.realpathSync(require.resolve(`${pkgName}/package.json`, { paths: [dirname] })));
  const srcDir = path.join(pkgDir, 'src');
  const files = fs.readdirSync(srcDir, { recursive: true })
    .filter((file) => !/\.test\.[jt]sx?$/.test(file) && fs.statSync(path.join(srcDir, file)).isFile())
    .sort();
  const hash = crypto.createHash('sha256');
  for (const file of files) hash.update(`${file.split(path.sep).join('/')}\0`).update(fs.readFileSync(path.join(srcDir, file))).update('\0');
  return `${installedVersionOf(pkgName, dirname)}-src.${hash.digest('hex').slice(0, 12)}`;
}

/** react-router-dom is provided as shared-ui/src/router.ts, which re-exports only what the
 *  apps use: shared whole, react-router is 183 KiB of minified JS where the apps need 36. */
function routerShare() {
  const curated = path.join(__dirname, '..', '..', 'shared-ui', 'src', 'router.ts');
  return { import: curated, version: installedVersionOf('react-router-dom', path.dirname(curated)) };
}

const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));

/** webpack's own minimizer plugin, driven by swc instead of terser: the same output size
 *  within a few percent at a fraction of the time. Resolved through webpack (its dependency)
 *  so the pinned webpack decides the version; null keeps webpack's default minimizer. */
function swcMinimizer() {
  try {
    const webpackDir = fs.realpathSync(path.dirname(require.resolve('webpack/package.json')));
    const MinimizerPlugin = require(require.resolve('minimizer-webpack-plugin', { paths: [webpackDir] }));
    return new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify, extractComments: false });
  } catch {
    return null;
  }
}

/** The version range an app asks for, read from its package.json. Workspace packages
 *  (`workspace:*`) are resolved to the version of the linked package. */
function requiredVersionOf(pkgName, deps, dirname) {
  const declared = deps[pkgName];
  if (declared === undefined) {
    throw new Error(`mf-config: ${pkgName} is shared but not a dependency of ${dirname}/package.json`);
  }
  if (!declared.startsWith('workspace:')) return declared;
  return `^${installedVersionOf(pkgName, dirname)}`;
}

/** The version a build provides, from the package's own package.json: webpack reads the
 *  nearest one to the resolved file, and react-final-form's dist/package.json has none (the
 *  share was provided as version "0" and every consume warned that it did not satisfy 7.0.1). */
function installedVersionOf(pkgName, dirname) {
  return readJson(require.resolve(`${pkgName}/package.json`, { paths: [dirname] })).version;
}

function sharedConfig(dirname) {
  const pkg = readJson(path.join(dirname, 'package.json'));
  const deps = { ...pkg.devDependencies, ...pkg.peerDependencies, ...pkg.dependencies };
  const shares = Object.fromEntries(
    SHARED_PACKAGES.map((key) => {
      const pkgName = key.replace(/\/$/, '');
      const requiredVersion = requiredVersionOf(pkgName, deps, dirname);
      const bySource = SHARED_BY_SOURCE.includes(pkgName) ? sourceVersionOf(pkgName, dirname) : null;
      const singletonBySource = SINGLETON_BY_SOURCE.includes(pkgName) ? sourceVersionOf(pkgName, dirname) : null;
      // A remote takes the host's copies, so its own stay lazy fallbacks behind `import('./bootstrap')`.
      const share = bySource
        ? { singleton: false, requiredVersion: bySource, version: bySource, eager: false }
        : singletonBySource
          ? { singleton: true, requiredVersion: singletonBySource, version: singletonBySource, eager: false }
          : { singleton: true, requiredVersion, version: installedVersionOf(pkgName, dirname), eager: false };
      return [key, key === 'react-router-dom' ? { ...share, ...routerShare() } : share];
    }),
  );
  return { ...shares, ...antdShares() };
}

/** What the host hands its remotes at run time (host/src/federation/host-shares.ts): each shared
 *  package's version and required range, and the antd components shared one at a time. Jest
 *  sets the same values as globals for the host's tests. */
function hostShareConstants(hostDir) {
  const versions = {};
  for (const [key, share] of Object.entries(sharedConfig(hostDir))) {
    // antd's components share antd's version; one versioned by its source is named by its key.
    const pkgName = isAntdShareKey(share.shareKey) ? (share.version.includes('-src.') ? share.shareKey : 'antd') : key.replace(/\/$/, '');
    versions[pkgName] = { version: share.version, requiredVersion: share.requiredVersion, singleton: share.singleton };
  }
  return { __SHARED_VERSIONS__: versions, __ANTD_SHARE_NAMES__: antdShareNames() };
}

function hostShareDefines(hostDir) {
  const constants = Object.entries(hostShareConstants(hostDir)).map(([name, value]) => [name, JSON.stringify(value)]);
  return new webpack.DefinePlugin({
    ...Object.fromEntries(constants),
    // The runtime's own build switches, which ModuleFederationPlugin sets for the builds it
    // runs in (as `experiments.optimization` does for the remotes): no manifest snapshots (remotes
    // are registered by their remoteEntry.js URL), browser only, nothing exposed.
    FEDERATION_OPTIMIZE_NO_SNAPSHOT_PLUGIN: true,
    FEDERATION_OPTIMIZE_NO_REMOTE: false,
    FEDERATION_OPTIMIZE_NO_SHARED: false,
    FEDERATION_HAS_EXPOSES: false,
    ENV_TARGET: JSON.stringify('web'),
  });
}

/** webpack's persistent cache, one directory per build and mode, so a build only redoes the
 *  modules whose files changed. The files that make up the config are its build dependencies:
 *  editing one of them (or the lockfile, through webpack's managed paths) starts afresh. */
function persistentCache({ cacheName, appDir, isProd, refresh, devtool }) {
  const configFiles = ['index.js', 'antd-shares.js', 'standalone-runtime-core.js', 'refresh-hook.js'].map((f) => path.join(__dirname, f));
  return {
    type: 'filesystem',
    cacheDirectory: path.join(__dirname, 'node_modules', '.cache', 'webpack'),
    // The CLI's --devtool is not in the config files: without its own cache a build asked for
    // source maps would reuse the modules cached without them and emit none.
    name: `${cacheName}-${isProd ? 'production' : 'development'}${refresh ? '-refresh' : ''}${devtool ? `-${devtool}` : ''}`,
    buildDependencies: { config: [...configFiles, path.join(appDir, 'webpack.config.js')] },
  };
}

/** Text assets a server sends compressed: the build writes a Brotli (.br) and a gzip (.gz) copy
 *  of each at the highest level once, so neither nginx (gzip_static) nor `pnpm start` (sirv)
 *  compresses on every request. Files under 1 KiB gain less than a header costs. */
const COMPRESSIBLE = /\.(js|css|html|json|svg|txt)$/;
const precompressors = () => [
  new CompressionPlugin({ test: COMPRESSIBLE, threshold: 1024, minRatio: 0.9, filename: '[path][base].gz', algorithm: 'gzip', compressionOptions: { level: 9 } }),
  new CompressionPlugin({
    test: COMPRESSIBLE, threshold: 1024, minRatio: 0.9, filename: '[path][base].br', algorithm: 'brotliCompress',
    compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
  }),
];

/** Compresses only a minified build: an unminified production build (`--no-optimization-minimize`,
 *  which tests use for speed) is never served to a phone, and Brotli at quality 11 is most of a
 *  build's time. `minimize` is known only after webpack applies its defaults, hence the hook. */
class Precompress {
  apply(compiler) {
    compiler.hooks.afterEnvironment.tap('Precompress', () => {
      if (compiler.options.optimization.minimize) for (const plugin of precompressors()) plugin.apply(compiler);
    });
  }
}

/** What every build shares, federated or not: TypeScript through swc, names, minifier.
 *  `refresh` adds React Fast Refresh (the dev servers only); `devtool` is the CLI's
 *  `--devtool`, for a production build with source maps (bench/waterfall.mjs). */
function baseConfig({ name, context, outputPath, isProd, refresh = false, cacheName = name, appDir = context, devtool }) {
  return {
    mode: isProd ? 'production' : 'development',
    target: 'web',
    context,
    cache: persistentCache({ cacheName, appDir, isProd, refresh, devtool }),
    entry: { main: './src/index.ts' },
    devtool: devtool ?? (isProd ? false : 'eval-cheap-module-source-map'),
    output: {
      path: outputPath,
      publicPath: 'auto',
      uniqueName: name,
      // Entry files keep a fixed name: [contenthash] in output.filename breaks enhanced 2.9.2.
      filename: '[name].js',
      chunkFilename: '[name].[contenthash:8].js',
      clean: true,
    },
    resolve: { extensions: ['.ts', '.tsx', '.js', '.jsx', '.mjs', '.json'], alias: {} },
    module: {
      rules: [
        {
          // Workspace packages ship TypeScript source; pnpm links resolve to their real
          // paths outside node_modules, so they are compiled here too.
          test: /\.[cm]?[jt]sx?$/,
          exclude: /node_modules/,
          use: {
            loader: require.resolve('swc-loader'),
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: { react: { runtime: 'automatic', development: !isProd, refresh } },
                target: 'es2020',
              },
            },
          },
        },
        {
          // antd's inputs read the form context, which imports one provider from this package;
          // it declares no sideEffects, so the import would bring its whole form engine and
          // validator (about 11 KiB compressed) to pages with no antd form. Its only top-level
          // statements set properties on its own default export.
          test: /[\\/]node_modules[\\/]@rc-component[\\/]form[\\/]/,
          sideEffects: false,
        },
      ],
    },
    plugins: [
      new webpack.DefinePlugin({ __APP_NAME__: JSON.stringify(name) }),
      // Each app's refresh runtime is namespaced by output.uniqueName, so the host and the
      // remotes in one page each refresh their own modules.
      ...(refresh ? [new (require('@pmmmwh/react-refresh-webpack-plugin'))({ overlay: false })] : []),
      ...(isProd ? [new Precompress()] : []),
    ],
    optimization: { runtimeChunk: false, minimizer: [swcMinimizer() ?? '...'] },
    performance: { hints: false },
    // Problems only: a build's module-by-module statistics bury the line that matters.
    stats: 'errors-warnings',
    // The manifest plugin's note that publicPath 'auto' resolves at run time is the design, not a problem.
    infrastructureLogging: { level: 'error' },
  };
}

/** The page around every app. Filled here rather than as a `template`: html-webpack-plugin
 *  compiles a template in a child compilation, which inherits the federation plugin's hooks and
 *  so builds every shared package a second time, as unused node chunks in dist/. */
const pageTemplate = fs.readFileSync(path.join(__dirname, 'index.html'), 'utf8');
const pageHtml = (title, standalone) =>
  pageTemplate
    .replace('%TITLE%', title)
    // A remote's own page has no host to take the runtime core from: it loads its own first.
    .replace('%STANDALONE_RUNTIME%', standalone ? `    <script src="/${STANDALONE_RUNTIME}"></script>\n` : '');

const htmlPlugin = (title, { standalone = false } = {}) =>
  new HtmlWebpackPlugin({
    templateContent: pageHtml(title, standalone),
    // Only the app's own entry: the container (remoteEntry.js) is loaded by hosts.
    chunks: ['main'],
    // Absolute, so a deep link such as /dashboard/overview still finds /main.js;
    // chunks keep publicPath 'auto' and load from wherever main.js came from.
    publicPath: '/',
  });

/** The federation runtime core, set where a remote's build looks for it (externalRuntime). */
const STANDALONE_RUNTIME = 'federation-runtime-core.js';

/** A second build beside a remote's: the runtime core for the remote's standalone page. */
function standaloneRuntimeConfig({ dirname, isProd }) {
  const config = baseConfig({
    name: 'federationRuntimeCore',
    context: __dirname,
    outputPath: path.join(dirname, 'dist'),
    isProd,
    cacheName: `${path.basename(dirname)}-runtime-core`,
    appDir: dirname,
  });
  config.entry = { runtime: require.resolve('./standalone-runtime-core.js') };
  // The app's build cleans dist/ and keeps this file; this build cleans nothing.
  config.output = { ...config.output, filename: STANDALONE_RUNTIME, clean: false };
  return config;
}

/** A remote: a Module Federation container that exposes screens and takes the host's shared modules. */
function remoteContainer({ name, dirname, exposes }) {
  return new ModuleFederationPlugin({
    name,
    filename: 'remoteEntry.js',
    manifest: true,
    exposes,
    dts: false,
    // The default 'version-first' loads every remote at start-up, so one remote down
    // takes the host down (module-federation/core#3877).
    shareStrategy: 'loaded-first',
    // The runtime's core is the host's (host/src/federation/init-federation.ts provides it), not
    // a second copy in every remoteEntry.js: 32 KiB of minified JS less to fetch and run per remote.
    // Remotes are registered by their remoteEntry.js URL, so the manifest snapshot code is
    // dead weight; 'web' drops the node branches; remotes never load remotes of their own.
    experiments: { externalRuntime: true, optimization: { disableSnapshot: true, target: 'web', disableRemote: true } },
    shared: sharedConfig(dirname),
  });
}

/** webpack's two default groups (vendors, and modules two chunks share), leaving out the
 *  self-contained chunks: a common chunk is cut by which chunks use its modules and, under the
 *  request limits, merged with others, so a lean page could wait on a chunk of another's code. */
function commonCacheGroups(selfContainedChunks) {
  if (selfContainedChunks.length === 0) return {};
  // 'async' as the defaults have it, less the self-contained chunks.
  const shared = (chunk) => !chunk.canBeInitial() && !selfContainedChunks.includes(chunk.name);
  return {
    defaultVendors: { chunks: shared, test: /[\\/]node_modules[\\/]/i, idHint: 'vendors', priority: -10, reuseExistingChunk: true },
    default: { chunks: shared, minChunks: 2, priority: -20, reuseExistingChunk: true },
  };
}

const isProduction = (argv) => (argv.mode ?? process.env.NODE_ENV) === 'production';

/**
 * @param {object} options
 * @param {string} options.name      MF name (a remote's container, the host's runtime instance) and output.uniqueName (a JS identifier)
 * @param {string} options.dirname   the app's folder (its __dirname)
 * @param {number} options.port      dev-server port
 * @param {Record<string,string>} [options.exposes]  e.g. { './Overview': './src/exposes/Overview.tsx' }
 * @param {boolean} [options.isHost]  the host is an ordinary bundle that starts the federation
 *   runtime itself (host/src/federation); every other app is a Module Federation container
 * @param {string[]} [options.selfContainedChunks]  named lazy chunks (webpackChunkName) that carry
 *   every module they need beyond the entry's: no common chunk shared with other screens, which
 *   would bring those screens' modules along
 * @returns {(env: unknown, argv: { mode?: string, devtool?: string }) => import('webpack').Configuration}
 */
function createAppConfig({ name, dirname, port, exposes = {}, isHost = false, selfContainedChunks = [] }) {
  if (!name || !dirname || !port) throw new Error('mf-config: name, dirname and port are required');

  return (env = {}, argv = {}) => {
    const isProd = isProduction(argv);
    // Fast Refresh under `webpack serve` only: a development build on disk stays a plain one.
    const refresh = Boolean(env.WEBPACK_SERVE) && !isProd;
    const config = baseConfig({ name, context: dirname, outputPath: path.join(dirname, 'dist'), isProd, refresh, devtool: argv.devtool });
    // The host loads React DOM for the whole page, remotes included: it shares the page's
    // devtools hook between the apps' refresh runtimes before React DOM registers with it.
    if (isHost && refresh) config.entry.main = [require.resolve('./refresh-hook.js'), config.entry.main];
    config.optimization.splitChunks = {
      chunks: 'async',
      cacheGroups: { ...(isHost ? hostAntdCacheGroups : antdCacheGroups), ...commonCacheGroups(selfContainedChunks) },
    };
    config.plugins.push(
      ...(isHost ? [hostShareDefines(dirname)] : [remoteContainer({ name, dirname, exposes }), new AntdSharesPlugin()]),
      htmlPlugin(isHost ? 'AI Calls' : `${name} (standalone)`, { standalone: !isHost }),
    );
    config.devServer = {
      port,
      historyApiFallback: true,
      headers: { 'Access-Control-Allow-Origin': '*' },
      // A remote that is down is an expected state with its own fallback UI; the runtime-error
      // overlay would cover exactly that UI.
      client: { overlay: { errors: true, warnings: false, runtimeErrors: false } },
      static: false,
      // The host answers /runtime-config.json as a deployment does (scripts/serve-app.mjs): the
      // remotes' remoteEntry.js on their dev servers, the API on API_PORT.
      setupMiddlewares: isHost ? (middlewares) => [runtimeConfigMiddleware(), ...middlewares] : undefined,
    };
    if (isHost) return config;
    config.output.clean = { keep: STANDALONE_RUNTIME };
    return [config, standaloneRuntimeConfig({ dirname, isProd })];
  };
}

function runtimeConfigMiddleware() {
  const serveApp = import(path.join(__dirname, '..', '..', 'scripts', 'serve-app.mjs'));
  return {
    name: 'runtime-config',
    path: '/runtime-config.json',
    middleware: async (req, res) => {
      const { runtimeConfig } = await serveApp;
      const hostname = (req.headers.host ?? 'localhost').replace(/:\d+$/, '');
      const ports = { api: Number(process.env.API_PORT ?? 4000) };
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(JSON.stringify(runtimeConfig(hostname, process.env, ports)));
    },
  };
}

/**
 * The same product as one ordinary bundle: the host's source with the MF runtime swapped for
 * `runtime`, a module whose loadRemote imports the remotes' exposed screens as lazy chunks, the
 * host's share table for `hostShares`, an empty one, its remote-entry preload for
 * `preloadRemoteEntries`, a no-op, and the plugin that hands remotes the runtime's core for
 * `provideRuntimeCore`, one that does nothing.
 * For a team that deploys everything at once, and the yardstick federation is measured against.
 */
function createPlainConfig({ dirname, hostDir, runtime, hostShares, preloadRemoteEntries, provideRuntimeCore }) {
  return (_env, argv = {}) => {
    const config = baseConfig({ name: 'plain', context: hostDir, outputPath: path.join(dirname, 'dist'), isProd: isProduction(argv), appDir: dirname, devtool: argv.devtool });
    config.resolve.alias['@module-federation/enhanced/runtime$'] = runtime;
    config.resolve.alias['@module-federation/inject-external-runtime-core-plugin$'] = provideRuntimeCore;
    config.plugins.push(
      // Nothing to hand to remotes: without this the host's share table would pull every shared
      // package whole into the one bundle.
      new webpack.NormalModuleReplacementPlugin(/[\\/]host-shares$/, hostShares),
      // No remote entries to fetch: the screens are chunks of this bundle.
      new webpack.NormalModuleReplacementPlugin(/[\\/]preload-remote-entries$/, preloadRemoteEntries),
      htmlPlugin('AI Calls'),
    );
    return config;
  };
}

module.exports = { createAppConfig, createPlainConfig, hostShareConstants, SHARED_PACKAGES, SHARED_BY_SOURCE, SINGLETON_BY_SOURCE, sourceVersionOf };
