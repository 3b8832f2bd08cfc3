import { execFile, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './ports';

/**
 * A throwaway PostgreSQL cluster of the test's own (initdb in a folder, pg_ctl on a port of its
 * own, trust authentication on 127.0.0.1), which the test may stop and start again on the same
 * port (a database outage). `stop` and `destroy` may be called any number of times.
 */
export interface OwnPostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  port: number;
  /** Its data, socket and `server.log`. */
  dir: string;
  /** Stops the server at once (`-m immediate`: open connections are cut, as in a crash). */
  stop(): Promise<void>;
  /** Starts it again on the same port with the same data; resolves once it accepts connections. */
  start(): Promise<void>;
  /** Stops it, and deletes its folder when it made the folder itself. */
  destroy(): Promise<void>;
}

export interface OwnPostgresOptions {
  /** Default: a free port. */
  port?: number;
  /** Default: a new temporary folder. */
  dir?: string;
  /** Server settings beyond the defaults, e.g. `{ max_connections: 200 }`. */
  settings?: Record<string, string | number>;
}

const asRoot = process.getuid?.() === 0;

/** initdb refuses to run as root: as root the binaries run as the `postgres` user, which owns the folder. */
const commandLine = (command: string, args: string[]): [string, string[]] =>
  asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];

/** Without blocking: an API under test in this process keeps serving while the cluster stops or starts. */
async function run(command: string, args: string[]): Promise<void> {
  try {
    await promisify(execFile)(...commandLine(command, args), { timeout: 60_000 });
  } catch (err) {
    const { stderr, stdout } = err as { stderr?: string; stdout?: string };
    throw new Error(`${command} ${args.join(' ')} failed: ${stderr || stdout || String(err)}`);
  }
}

const stopArgs = (data: string) => ['-D', data, '-m', 'immediate', '-w', 'stop'];

/** Why a cluster cannot be made here (skip locally, fail under CI=true), or undefined. */
export function ownPostgresSkipReason(): string | undefined {
  const probe = spawnSync('initdb', ['--version'], { encoding: 'utf8' });
  const missing = probe.status !== 0 ? 'initdb is not on PATH' : asRoot && spawnSync('id', ['postgres']).status !== 0 ? 'running as root without a postgres user' : undefined;
  if (missing === undefined) return undefined;
  const reason = `${missing}; the PostgreSQL outage tests need their own cluster`;
  if (process.env.CI === 'true') throw new Error(reason);
  return reason;
}

/** Stops a server that an interrupted run left in `dir`, if one runs there. */
export function stopOwnPostgresIn(dir: string): void {
  const data = join(dir, 'data');
  if (existsSync(join(data, 'postmaster.pid'))) spawnSync(...commandLine('pg_ctl', stopArgs(data)));
}

/** The postgres user must own the folder and reach it through its parent (mkdtemp makes folders private). */
function handToPostgres(dir: string): void {
  const parent = dirname(dir);
  chmodSync(parent, (statSync(parent).mode & 0o7777) | 0o055);
  const uid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim());
  const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim());
  chownSync(dir, uid, gid);
}

export async function startOwnPostgres(options: OwnPostgresOptions = {}): Promise<OwnPostgres> {
  const made = options.dir === undefined;
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'own-postgres-'));
  mkdirSync(dir, { recursive: true });
  if (asRoot) handToPostgres(dir);
  const data = join(dir, 'data');
  const port = options.port ?? (await freePort());
  let running = false;
  let destroyed = false;
  const stop = async () => {
    if (!running) return;
    running = false;
    await run('pg_ctl', stopArgs(data));
  };
  // Exit handlers cannot wait: the one place a synchronous stop is right.
  const onExit = () => {
    if (running) spawnSync(...commandLine('pg_ctl', stopArgs(data)));
  };
  process.once('exit', onExit);

  // fsync off: the data is thrown away, and a shared test machine need not wait for disks. Commits
  // stay synchronous: a stop with `-m immediate` must not lose what a test has just written.
  const settings = Object.entries(options.settings ?? {}).map(([name, value]) => `-c ${name}=${value}`);
  const serverOptions = [`-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off`, ...settings].join(' ');
  const start = async () => {
    if (running || destroyed) return;
    await run('pg_ctl', ['-D', data, '-o', serverOptions, '-l', join(dir, 'server.log'), '-w', '-t', '30', 'start']);
    running = true;
  };
  try {
    await run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
    await start();
  } catch (err) {
    process.removeListener('exit', onExit);
    if (made) rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    dir,
    stop,
    start,
    async destroy() {
      if (destroyed) return;
      await stop();
      destroyed = true;
      process.removeListener('exit', onExit);
      if (made) rmSync(dir, { recursive: true, force: true });
    },
  };
}
