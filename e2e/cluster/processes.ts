/**
 * The cluster's processes: a PostgreSQL and a Redis of its own (so a fault test may stop them
 * without touching the machine's), the API instances and the nginx servers.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const listening = (port: number, host = '127.0.0.1'): Promise<boolean> => new Promise((resolve) => {
  const socket = net.connect({ port, host });
  socket.once('connect', () => { socket.destroy(); resolve(true); });
  socket.once('error', () => resolve(false));
});

/** Resolves once something accepts connections on the port, or rejects after `timeoutMs`. */
export async function waitForPort(port: number, timeoutMs = 30_000, host = '127.0.0.1'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await listening(port, host)) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on ${host}:${port} after ${timeoutMs} ms`);
    await sleep(100);
  }
}

/**
 * Fails when another process holds one of the ports (it would answer for the cluster's own); a
 * process that is just letting go of one gets a few seconds.
 */
export async function assertPortsFree(ports: number[], timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const taken = [];
    for (const port of ports) if (await listening(port)) taken.push(port);
    if (taken.length === 0) return;
    if (Date.now() > deadline) throw new Error(`cluster ports already in use: ${taken.join(', ')}. Stop that process, or move the cluster with E2E_PORT_OFFSET.`);
    await sleep(250);
  }
}

/** Resolves once `url` answers 2xx, or rejects after `timeoutMs` with the last answer. */
export async function waitForOk(url: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  for (;;) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return;
      last = `${res.status} ${await res.text()}`;
    } catch (err) {
      last = String(err);
    }
    if (Date.now() > deadline) throw new Error(`${url} not ready after ${timeoutMs} ms: ${last}`);
    await sleep(100);
  }
}

/** A long-running child whose output goes to a log file; `stop` is safe to call twice. */
export class Service {
  private child: ChildProcess | undefined;
  private exit: Promise<void> = Promise.resolve();

  constructor(
    readonly name: string,
    private readonly command: string,
    private readonly args: string[],
    private readonly options: { cwd: string; env: Record<string, string> | (() => Record<string, string>); logFile: string; pidFile?: string },
  ) {}

  start(): void {
    if (this.child) throw new Error(`${this.name} is already running`);
    const log = fs.openSync(this.options.logFile, 'a');
    const child = spawn(this.command, this.args, {
      cwd: this.options.cwd, env: { PATH: process.env.PATH ?? '', ...(typeof this.options.env === 'function' ? this.options.env() : this.options.env) }, stdio: ['ignore', log, log],
    });
    fs.closeSync(log);
    if (this.options.pidFile !== undefined && child.pid !== undefined) fs.appendFileSync(this.options.pidFile, `${child.pid}\n`);
    this.child = child;
    this.exit = new Promise((resolve) => child.once('exit', () => {
      if (this.child === child) this.child = undefined;
      resolve();
    }));
  }

  get running(): boolean {
    return this.child !== undefined;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Sends the signal and waits for the process to end (SIGKILL after `graceMs`). */
  async stop(signal: NodeJS.Signals = 'SIGTERM', graceMs = 30_000): Promise<void> {
    const child = this.child;
    if (!child) return;
    child.kill(signal);
    const killer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await this.exit;
    clearTimeout(killer);
  }

  log(): string {
    return fs.existsSync(this.options.logFile) ? fs.readFileSync(this.options.logFile, 'utf8') : '';
  }
}

/** PostgreSQL binaries refuse to run as root: the cluster belongs to the `postgres` user then. */
const asPostgres = (command: string, args: string[]): [string, string[]] =>
  process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];

/**
 * A PostgreSQL server of the cluster's own: initdb in `dir`, on `port`, trust authentication on
 * 127.0.0.1. Stopped with `pg_ctl stop -m immediate` it goes at once, like a crashed server.
 */
export class OwnPostgres {
  readonly url: string;
  private readonly dataDir: string;

  constructor(private readonly dir: string, readonly port: number) {
    this.dataDir = path.join(dir, 'data');
    this.url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  }

  private run(command: string, args: string[]): void {
    const [cmd, argv] = asPostgres(command, args);
    const result = spawnSync(cmd, argv, { encoding: 'utf8', cwd: '/' });
    if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed: ${result.stderr || result.stdout || result.error}`);
  }

  async init(): Promise<void> {
    fs.mkdirSync(this.dir, { recursive: true });
    if (process.getuid?.() === 0) {
      // The postgres user must reach its folder through the parent (mkdtemp makes it private).
      fs.chmodSync(path.dirname(this.dir), 0o755);
      spawnSync('chown', ['-R', 'postgres:', this.dir]);
    }
    this.run('initdb', ['-D', this.dataDir, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
    await this.start();
  }

  async start(): Promise<void> {
    const options = `-c listen_addresses=127.0.0.1 -p ${this.port} -k ${this.dir} -c fsync=off -c max_connections=200`;
    this.run('pg_ctl', ['start', '-w', '-D', this.dataDir, '-l', path.join(this.dir, 'server.log'), '-o', options]);
    await waitForPort(this.port);
  }

  /** Stops the server at once: every connection drops, nothing is waited for. */
  stop(): void {
    if (fs.existsSync(path.join(this.dataDir, 'postmaster.pid'))) this.run('pg_ctl', ['stop', '-w', '-D', this.dataDir, '-m', 'immediate']);
  }
}

/** A Redis server of the cluster's own on `port`, keeping nothing on disk (as compose's). */
export class OwnRedis extends Service {
  constructor(dir: string, readonly port: number, pidFile?: string) {
    super('redis', 'redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      cwd: dir, env: {}, logFile: path.join(dir, 'redis.log'), pidFile,
    });
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async up(): Promise<void> {
    this.start();
    await waitForPort(this.port);
  }
}
