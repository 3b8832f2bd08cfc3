import { readdirSync } from 'node:fs';
import { describe } from 'node:test';
import { databaseTargets, type DatabaseTarget } from './databases';
import { useTarget, type SuiteContext } from './suite-context';

const SUITES_DIR = new URL('../suites/', import.meta.url);
/** The seed's checks need a database nothing else has written to yet. */
const FIRST = ['seed'];
/** It signs its own sessions out at the end. */
const LAST = ['contract-fuzz'];

const rank = (name: string) => (FIRST.includes(name) ? 0 : LAST.includes(name) ? 2 : 1);

/** Every `suites/<name>.ts`, in name order (with the two above first and last), each exporting one `…Suite(ctx)`. */
async function loadSuites(): Promise<Array<{ name: string; register: (ctx: SuiteContext) => void }>> {
  const names = readdirSync(SUITES_DIR).filter((f) => f.endsWith('.ts')).map((f) => f.slice(0, -3))
    .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  return Promise.all(names.map(async (name) => {
    const module = (await import(new URL(`${name}.ts`, SUITES_DIR).href)) as Record<string, unknown>;
    const registers = Object.entries(module).filter(([key, value]) => key.endsWith('Suite') && typeof value === 'function');
    if (registers.length !== 1) throw new Error(`suites/${name}.ts must export one …Suite(ctx) function, found ${registers.length}`);
    return { name, register: registers[0]![1] as (ctx: SuiteContext) => void };
  }));
}

/**
 * One process and one database for every suite on a target: starting PGlite costs seconds, and
 * each test makes its own rows with the factories, so sharing the database is safe. Each target
 * has its own test file (so its own process), and the two run side by side.
 */
export async function runApiSuites(name: DatabaseTarget['name']): Promise<void> {
  const target = (await databaseTargets()).find((t) => t.name === name)!;
  const suites = await loadSuites();
  describe(`API on ${target.name}`, { skip: target.skip }, () => {
    const ctx = useTarget(target);
    for (const suite of suites) suite.register(ctx);
  });
}
