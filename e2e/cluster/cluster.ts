/**
 * Starts the production topology locally (see topology.ts): PostgreSQL and Redis of its own, the
 * migration job, two API instances from the built bundle, the four web apps, each on nginx with
 * its deploy config and start script, and the load balancer in front of them all.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FakeTwilio } from './fake-twilio';
import { startOwnPostgres, startOwnRedis, stopOwnPostgresIn, type OwnPostgres, type OwnRedis } from 'own-services';
import { assertPortsFree, Service, waitForOk } from './processes';
import {
  API_COMMANDS, APP_ORIGIN, apiEnvironment, CLUSTER_PORTS, deployDir, lbRewrites, localNginxConf, nginxMainConf, repoRoot,
  WEB_APPS, WEB_SNIPPETS, webEnvironment, webRewrites, type Rewrite, type WebApp,
} from './topology';

const apiDir = path.join(repoRoot, 'api');
// Debian's nginx lives in /usr/sbin, which a non-root PATH may leave out.
const NGINX = process.env.NGINX_PATH ?? (fs.existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx');

function run(command: string, args: string[], options: { cwd: string; env?: Record<string, string> }): string {
  const result = spawnSync(command, args, { cwd: options.cwd, env: { ...process.env, ...options.env }, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status}): ${result.stderr}${result.stdout}`);
  return result.stdout;
}

export interface ClusterOptions {
  /** Settings every API instance gets on top of the production environment. */
  apiEnv?: Record<string, string>;
}

/** Where a running cluster notes its folder, so the next run can stop what an interrupted one left. */
const stateFile = path.join(repoRoot, 'e2e', '.stack', `cluster-${CLUSTER_PORTS.lb}.json`);

/** Stops the processes of a cluster whose run was interrupted before it could stop them. */
function stopLeftovers(): void {
  if (!fs.existsSync(stateFile)) return;
  const { dir } = JSON.parse(fs.readFileSync(stateFile, 'utf8')) as { dir: string };
  const pids = fs.existsSync(path.join(dir, 'pids')) ? fs.readFileSync(path.join(dir, 'pids'), 'utf8').split('\n').filter(Boolean) : [];
  for (const pid of pids) {
    try { process.kill(Number(pid), 'SIGKILL'); } catch { /* already gone */ }
  }
  try { stopOwnPostgresIn(path.join(dir, 'postgres')); } catch { /* already gone */ }
  fs.rmSync(dir, { recursive: true, force: true });
  fs.rmSync(stateFile);
}

export class Cluster {
  readonly dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cluster-'));
  private readonly pidFile = path.join(this.dir, 'pids');
  private ownPostgres: OwnPostgres | undefined;
  private ownRedis: OwnRedis | undefined;
  readonly apis: Service[];
  readonly nginx: Service[] = [];
  readonly databaseUrl: string;
  readonly twilio = new FakeTwilio(path.join(this.dir, 'twilio'), CLUSTER_PORTS.twilio);
  private twilioEnv: Record<string, string> = {};

  constructor(private readonly options: ClusterOptions = {}) {
    this.databaseUrl = `postgres://postgres@127.0.0.1:${CLUSTER_PORTS.postgres}/calls`;
    this.apis = [CLUSTER_PORTS.api1, CLUSTER_PORTS.api2].map((port, i) => new Service(`api-${i + 1}`, API_COMMANDS.server[0], API_COMMANDS.server.slice(1), {
      cwd: apiDir, env: () => this.apiEnv(port), logFile: path.join(this.dir, `api-${i + 1}.log`), pidFile: this.pidFile,
    }));
  }

  get postgres(): OwnPostgres {
    if (!this.ownPostgres) throw new Error('the cluster is not started');
    return this.ownPostgres;
  }

  get redis(): OwnRedis {
    if (!this.ownRedis) throw new Error('the cluster is not started');
    return this.ownRedis;
  }

  apiEnv(port: number): Record<string, string> {
    return apiEnvironment(port, this.databaseUrl, this.redis.url, { ...this.twilioEnv, ...this.options.apiEnv });
  }

  /**
   * Resolves once the load balancer sends requests to every instance again (it leaves out one
   * that refused a connection for its fail_timeout, 5 s).
   */
  async balanced(timeoutMs = 20_000): Promise<void> {
    const served = () => this.apis.map((a) => a.log().split('\n').filter((l) => l.includes('"url":"/v1/health"')).length);
    const before = served();
    for (const deadline = Date.now() + timeoutMs; ;) {
      await fetch(`${APP_ORIGIN}/v1/health`);
      if (served().every((n, i) => n > before[i]!)) return;
      if (Date.now() > deadline) throw new Error('the load balancer does not reach every instance');
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** Rows of a query on the cluster's database, each a list of its columns as text. */
  sql(query: string): string[][] {
    const out = run('psql', [this.databaseUrl, '-AtX', '-F', '\t', '-c', query], { cwd: '/' });
    return out.split('\n').filter((line) => line !== '').map((line) => line.split('\t'));
  }

  apiOrigin(index: number): string {
    return `http://127.0.0.1:${index === 0 ? CLUSTER_PORTS.api1 : CLUSTER_PORTS.api2}`;
  }

  async start(): Promise<void> {
    stopLeftovers();
    await assertPortsFree(Object.values(CLUSTER_PORTS));
    fs.mkdirSync(path.dirname(stateFile), { recursive: true });
    fs.writeFileSync(stateFile, JSON.stringify({ dir: this.dir }));
    for (const app of Object.values(WEB_APPS)) {
      if (!fs.existsSync(path.join(repoRoot, app.dir, 'dist'))) throw new Error(`${app.dir}/dist is missing: run \`pnpm build\` first`);
    }
    // The API image's build step: the bundle in api/dist.
    run('pnpm', ['--filter', 'api', 'build'], { cwd: repoRoot });
    this.ownPostgres = await startOwnPostgres({ dir: path.join(this.dir, 'postgres'), port: CLUSTER_PORTS.postgres, settings: { max_connections: 200 } });
    run('psql', [this.postgres.url, '-qc', 'create database calls'], { cwd: '/' });
    this.ownRedis = await startOwnRedis({
      port: CLUSTER_PORTS.redis, logFile: path.join(this.dir, 'redis.log'), onStart: (pid) => fs.appendFileSync(this.pidFile, `${pid}\n`),
    });
    this.twilioEnv = await this.twilio.start();
    // The migration job, with the demo accounts so the tests can sign in.
    const [migrate, ...migrateArgs] = API_COMMANDS.migrate;
    run(migrate, migrateArgs, { cwd: apiDir, env: { ...this.apiEnv(0), SEED_DEMO: 'true' } });
    await Promise.all(this.apis.map((_, i) => this.startApi(i)));
    for (const app of Object.keys(WEB_APPS) as WebApp[]) this.startWebApp(app);
    this.startNginx('lb', 'lb.conf', () => lbRewrites(CLUSTER_PORTS.lb));
    await Promise.all([
      waitForOk(`http://127.0.0.1:${CLUSTER_PORTS.lb}/healthz`),
      ...(Object.keys(WEB_APPS) as WebApp[]).map((app) => waitForOk(`http://127.0.0.1:${CLUSTER_PORTS[app]}/healthz`)),
    ]);
  }

  /** Starts instance `index` (again) and waits until it is ready. */
  async startApi(index: number): Promise<void> {
    this.apis[index]!.start();
    await waitForOk(`${this.apiOrigin(index)}/v1/ready`, 60_000);
  }

  /** One container's nginx: the deploy config, rewritten for a local process, in its own folder. */
  private startNginx(name: string, conf: string, rewrites: (dir: string) => Rewrite[], prepare?: (dir: string) => void): void {
    const dir = path.join(this.dir, name);
    for (const sub of ['conf.d', 'snippets', 'html', 'tmp']) fs.mkdirSync(path.join(dir, sub), { recursive: true });
    prepare?.(dir);
    const source = fs.readFileSync(path.join(deployDir, 'nginx', conf), 'utf8');
    fs.writeFileSync(path.join(dir, 'conf.d', conf), localNginxConf(source, rewrites(dir)));
    fs.writeFileSync(path.join(dir, 'nginx.conf'), nginxMainConf(dir));
    run(NGINX, ['-t', '-q', '-p', dir, '-c', path.join(dir, 'nginx.conf')], { cwd: dir });
    const service = new Service(name, NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], {
      cwd: dir, env: {}, logFile: path.join(dir, 'nginx.log'), pidFile: this.pidFile,
    });
    service.start();
    this.nginx.push(service);
  }

  /**
   * A web app's image (deploy/web.Dockerfile): its dist as the html folder and the snippets, then
   * its start script with the service's environment, as nginx's entrypoint runs it.
   */
  private startWebApp(app: WebApp): void {
    const { dir: appDir, service, conf, startScript } = WEB_APPS[app];
    this.startNginx(service, conf, (dir) => webRewrites(CLUSTER_PORTS[app], path.join(dir, 'snippets'), path.join(dir, 'html')), (dir) => {
      fs.cpSync(path.join(repoRoot, appDir, 'dist'), path.join(dir, 'html'), { recursive: true });
      for (const snippet of WEB_SNIPPETS) fs.copyFileSync(path.join(deployDir, 'nginx', snippet), path.join(dir, 'snippets', snippet));
      run('sh', [path.join(deployDir, 'web', startScript)], {
        cwd: dir, env: { ...webEnvironment(app), HTML_DIR: path.join(dir, 'html'), SNIPPETS_DIR: path.join(dir, 'snippets') },
      });
      // The snippets include each other by their image path.
      for (const snippet of fs.readdirSync(path.join(dir, 'snippets'))) {
        const file = path.join(dir, 'snippets', snippet);
        fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replaceAll('/etc/nginx/snippets', path.join(dir, 'snippets')));
      }
    });
  }

  async stop(): Promise<void> {
    await Promise.allSettled([...this.nginx, ...this.apis].map((s) => s.stop('SIGTERM', 10_000)));
    await this.ownRedis?.destroy();
    await this.twilio.stop();
    await this.ownPostgres?.destroy();
    // CLUSTER_KEEP=1 keeps the logs (api-N.log, each nginx's error.log) for a look after the run.
    if (!process.env.CLUSTER_KEEP) fs.rmSync(this.dir, { recursive: true, force: true });
    fs.rmSync(stateFile, { force: true });
  }
}
