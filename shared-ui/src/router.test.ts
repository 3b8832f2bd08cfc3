import fs from 'node:fs';
import path from 'node:path';
import * as router from './router';

const ROOT = path.join(__dirname, '..', '..');
const APP_SOURCES = ['host', 'mf-user-dashboard', 'mf-agent-softphone', 'mf-admin', 'shared-auth', 'shared-ui'].map((dir) => path.join(ROOT, dir, 'src'));

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** The values (not types) each app file imports from 'react-router-dom'. */
function routerImports(file: string): string[] {
  const source = fs.readFileSync(file, 'utf8');
  return [...source.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+'react-router-dom'/g)]
    .filter((match) => !match[1])
    .flatMap((match) => match[2]!.split(','))
    .map((name) => name.trim())
    .filter((name) => name !== '' && !name.startsWith('type '))
    .map((name) => name.split(/\s+as\s+/)[0]!);
}

test('every router API the apps import is in the shared router module (else undefined when federated)', () => {
  const files = APP_SOURCES.flatMap(sourceFiles);
  const used = new Set(files.flatMap(routerImports));
  expect(used.size).toBeGreaterThan(5);
  const missing = [...used].filter((name) => !(name in router));
  expect(missing).toEqual([]);
});

test('apps import the router only by name, so the check above sees every use', () => {
  const other = APP_SOURCES.flatMap(sourceFiles)
    .filter((file) => /import\s+(\*\s+as\s+\w+|\w+)\s+from\s+'react-router-dom'/.test(fs.readFileSync(file, 'utf8')));
  expect(other).toEqual([]);
});
