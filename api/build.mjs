// Builds the production artifact: plain JavaScript in dist/, run with `node` alone (no TypeScript
// loader). Workspace packages (shared-contracts, TypeScript sources) are bundled in; every other
// dependency stays external and is installed in the image (pnpm deploy --prod).
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.entries(pkg.dependencies)
  .filter(([, version]) => !version.startsWith('workspace:'))
  .flatMap(([name]) => [name, `${name}/*`]);

await build({
  // Flat in dist/: src/paths.ts relies on every entry sitting one folder below api/.
  entryPoints: {
    main: 'src/main.ts',
    migrate: 'src/migrate.ts',
    'extraction-worker': 'src/modules/knowledge/extraction-worker.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external,
  sourcemap: true,
  logLevel: 'warning',
  // Some bundled code may still call require(); give ESM output one.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
});
