import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { freePort, untilConnectable } from './ports';

/**
 * A throwaway redis-server of the test's own, which the test may stop and start again on the
 * same port (a Redis outage). Nothing is saved to disk (as in docker-compose.yml). `stop` and
 * `destroy` may be called any number of times; the server also dies with the test process.
 */
export interface OwnRedis {
  /** redis://127.0.0.1:<port> */
  url: string;
  port: number;
  /** Kills the server (SIGKILL: as abrupt as a crash); resolves once it is gone. */
  stop(): Promise<void>;
  /** Starts it again on the same port, empty; resolves once it accepts connections. */
  start(): Promise<void>;
  /** Freezes it (SIGSTOP): connections stay open and nothing is answered, as in a network partition. */
  pause(): void;
  /** Lets a paused server answer again (SIGCONT). */
  resume(): void;
  /** Stops it for good. */
  destroy(): Promise<void>;
}

export interface OwnRedisOptions {
  /** Default: a free port. */
  port?: number;
  /** Where its output goes; default: nowhere. */
  logFile?: string;
  /** Told each server's process id, for a caller that must find it after an interrupted run. */
  onStart?: (pid: number) => void;
}

/** Why redis-server cannot run here (skip locally, fail under CI=true), or undefined. */
export function ownRedisSkipReason(): string | undefined {
  const probe = spawnSync('redis-server', ['--version'], { encoding: 'utf8' });
  if (probe.status === 0) return undefined;
  const reason = 'redis-server is not on PATH; install Redis to run the Redis outage tests';
  if (process.env.CI === 'true') throw new Error(reason);
  return reason;
}

export async function startOwnRedis(options: OwnRedisOptions = {}): Promise<OwnRedis> {
  const port = options.port ?? (await freePort());
  let child: ChildProcess | undefined;
  const kill = () => child?.kill('SIGKILL');
  process.once('exit', kill);

  const stop = async () => {
    const running = child;
    child = undefined;
    if (running === undefined || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  };
  const start = async () => {
    if (child !== undefined) return;
    const log = options.logFile === undefined ? 'ignore' : openSync(options.logFile, 'a');
    const started = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: ['ignore', log, log],
    });
    if (typeof log === 'number') closeSync(log);
    child = started;
    if (started.pid !== undefined) options.onStart?.(started.pid);
    const failed = new Promise<never>((_, reject) => started.once('exit', (code) => reject(new Error(`redis-server exited with ${code}`))));
    failed.catch(() => undefined);
    await Promise.race([untilConnectable(port), failed]);
  };
  try {
    await start();
  } catch (err) {
    process.removeListener('exit', kill);
    throw err;
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop,
    start,
    pause: () => void child?.kill('SIGSTOP'),
    resume: () => void child?.kill('SIGCONT'),
    async destroy() {
      await stop();
      process.removeListener('exit', kill);
    },
  };
}
