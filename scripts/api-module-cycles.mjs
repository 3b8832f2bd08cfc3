// Lint step: the API's modules (api/src/modules/<name>) import each other one way only. ESLint
// keeps each import going through the other module's index.ts; this finds circles between
// modules, which no single-file rule can see, and names one import on each edge of a circle.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const modulesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'api', 'src', 'modules');
const IMPORT = /^\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/gm;

const sourceFiles = (dir) => fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
  const full = path.join(dir, entry.name);
  if (entry.isDirectory()) return sourceFiles(full);
  return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
});

const moduleOf = (file) => {
  const rel = path.relative(modulesDir, file);
  const name = rel.split(path.sep)[0];
  return rel.startsWith('..') || !fs.existsSync(path.join(modulesDir, name)) || !fs.statSync(path.join(modulesDir, name)).isDirectory() ? null : name;
};

/** module -> module it imports -> the first import that does it ("file:line"). */
const edges = new Map();
for (const name of fs.readdirSync(modulesDir)) {
  const dir = path.join(modulesDir, name);
  if (!fs.statSync(dir).isDirectory()) continue;
  edges.set(name, new Map());
  for (const file of sourceFiles(dir)) {
    const text = fs.readFileSync(file, 'utf8');
    for (const match of text.matchAll(IMPORT)) {
      const spec = match[1] ?? match[2] ?? match[3];
      if (!spec.startsWith('.')) continue;
      const target = moduleOf(path.resolve(path.dirname(file), spec));
      if (target === null || target === name || edges.get(name).has(target)) continue;
      const line = text.slice(0, match.index).split('\n').length;
      edges.get(name).set(target, `${path.relative(process.cwd(), file)}:${line}`);
    }
  }
}

// Tarjan's strongly connected components: every component of more than one module is a circle.
let counter = 0;
const index = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
const circles = [];
const visit = (node) => {
  index.set(node, counter);
  low.set(node, counter);
  counter += 1;
  stack.push(node);
  onStack.add(node);
  for (const next of edges.get(node)?.keys() ?? []) {
    if (!edges.has(next)) continue;
    if (!index.has(next)) {
      visit(next);
      low.set(node, Math.min(low.get(node), low.get(next)));
    } else if (onStack.has(next)) {
      low.set(node, Math.min(low.get(node), index.get(next)));
    }
  }
  if (low.get(node) !== index.get(node)) return;
  const component = [];
  let member;
  do {
    member = stack.pop();
    onStack.delete(member);
    component.push(member);
  } while (member !== node);
  if (component.length > 1) circles.push(component.sort());
};
for (const node of edges.keys()) if (!index.has(node)) visit(node);

if (circles.length === 0) {
  console.info(`API modules: ${edges.size} modules, no circular imports`);
} else {
  for (const circle of circles) {
    console.error(`API modules import each other in a circle: ${circle.join(', ')}`);
    for (const from of circle) {
      for (const [to, where] of edges.get(from)) if (circle.includes(to)) console.error(`  ${from} -> ${to} at ${where}`);
    }
  }
  process.exit(1);
}
