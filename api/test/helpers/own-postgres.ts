import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port';

/**
 * A throwaway PostgreSQL cluster of the test's own (initdb in a temporary folder, pg_ctl on a
 * port of its own, trust authentication), which the test may stop and start again on the same
 * port (a database outage). `stop` and `destroy` may be called any number of times.
 *
 * initdb refuses to run as root, so as root the binaries run as the `postgres` user, which owns
 * the folder.
 */
export interface OwnPostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  port: number;
  /** Stops the server at once (`-m immediate`: open connections are cut, as in a crash). */
  stop(): Promise<void>;
  /** Starts it again on the same port with the same data; resolves once it accepts connections. */
  start(): Promise<void>;
  /** Stops it and deletes its folder. */
  destroy(): Promise<void>;
}

const asRoot = process.getuid?.() === 0;

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

/** Why a cluster cannot be made here (skip locally, fail under CI=true), or undefined. */
export function ownPostgresSkipReason(): string | undefined {
  const probe = spawnSync('initdb', ['--version'], { encoding: 'utf8' });
  const missing = probe.status !== 0 ? 'initdb is not on PATH' : asRoot && spawnSync('id', ['postgres']).status !== 0 ? 'running as root without a postgres user' : undefined;
  if (missing === undefined) return undefined;
  const reason = `${missing}; the PostgreSQL outage tests need their own cluster`;
  if (process.env.CI === 'true') throw new Error(reason);
  return reason;
}

export async function startOwnPostgres(): Promise<OwnPostgres> {
  const dir = mkdtempSync(join(tmpdir(), 'own-postgres-'));
  const data = join(dir, 'data');
  if (asRoot) {
    const ids = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim();
    const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim();
    chownSync(dir, Number(ids), Number(gid));
  }
  const port = await freePort();
  let running = false;
  let destroyed = false;
  const stopArgs = ['-D', data, '-m', 'immediate', '-w', 'stop'];
  const stop = async () => {
    if (!running) return;
    running = false;
    await run('pg_ctl', stopArgs);
  };
  // Exit handlers cannot wait: the one place a synchronous stop is right.
  const onExit = () => {
    if (running) spawnSync(...commandLine('pg_ctl', stopArgs));
  };
  process.once('exit', onExit);

  const start = async () => {
    if (running || destroyed) return;
    // fsync off: the data is thrown away, and a shared test machine need not wait for disks. Commits
    // stay synchronous: a stop with `-m immediate` must not lose what a test has just written.
    const options = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off`;
    await run('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', '-t', '30', 'start']);
    running = true;
  };
  try {
    await run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
    await start();
  } catch (err) {
    process.removeListener('exit', onExit);
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    stop,
    start,
    async destroy() {
      if (destroyed) return;
      await stop();
      destroyed = true;
      process.removeListener('exit', onExit);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
