/**
 * The cluster's long-running processes (the API instances and the nginx servers) and the waits
 * around them. Its PostgreSQL and Redis are the `own-services` package's.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { listening } from 'own-services';
import { waitForOk } from 'shared-test-kit';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

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

export { waitForOk };

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
