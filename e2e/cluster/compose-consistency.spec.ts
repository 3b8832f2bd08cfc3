/**
 * docker-compose.yml is the deployment; the cluster suite runs its topology as local processes.
 * Docker cannot run here, so this file checks what `docker compose config` would refuse, and
 * that the compose file and the cluster use the same configs, commands and variable names.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { SERVICE_UNAVAILABLE_TEXT } from 'shared-contracts';
import { parse } from 'yaml';
import apiPackage from '../../api/package.json';
import { API_COMMANDS, apiEnvironment, CLUSTER_SECRETS, deployDir, LB_UPSTREAMS, repoRoot, WEB_APPS, WEB_SNIPPETS, webEnvironment } from './topology';

interface Service {
  image?: string;
  build?: { context: string; dockerfile: string; target?: string; args?: Record<string, string> };
  command?: string[];
  environment?: Record<string, string>;
  env_file?: string;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[]; interval?: string; timeout?: string; start_period?: string; retries?: number };
  ports?: string[];
  volumes?: string[];
  restart?: string;
  stop_grace_period?: string;
}

const composeText = fs.readFileSync(path.join(repoRoot, 'docker-compose.yml'), 'utf8');
const compose = parse(composeText, { merge: true }) as { name: string; services: Record<string, Service>; volumes?: Record<string, unknown> } & Record<string, unknown>;
const services = compose.services;
const envExample = fs.readFileSync(path.join(repoRoot, '.env.example'), 'utf8');
const documented = new Set([...envExample.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]!));
const dockerfile = (file: string) => fs.readFileSync(path.join(repoRoot, file), 'utf8');

/** Keys of a service this project may use, as the Compose Specification spells them. */
const SERVICE_KEYS = new Set([
  'image', 'build', 'command', 'entrypoint', 'environment', 'env_file', 'depends_on', 'healthcheck', 'ports', 'volumes',
  'restart', 'stop_grace_period', 'stop_signal', 'networks', 'user', 'working_dir', 'labels', 'deploy', 'secrets', 'configs',
]);
const DURATION = /^\d+(\.\d+)?(us|ms|s|m|h)$/;

test.describe('docker-compose.yml', () => {
  test('is a compose file `docker compose config` accepts: known keys, existing files, services and stages', () => {
    expect(Object.keys(compose).filter((k) => !k.startsWith('x-')).sort()).toEqual(['name', 'services', 'volumes']);
    expect(compose.name).toMatch(/^[a-z0-9][a-z0-9_-]*$/);
    for (const [name, service] of Object.entries(services)) {
      const where = `service ${name}`;
      expect(Object.keys(service).filter((k) => !SERVICE_KEYS.has(k)), where).toEqual([]);
      expect(service.image ?? service.build, `${where} has an image or a build`).toBeDefined();
      if (service.build) {
        expect(fs.existsSync(path.join(repoRoot, service.build.context, service.build.dockerfile)), `${where} dockerfile`).toBe(true);
        if (service.build.target) expect(dockerfile(service.build.dockerfile), `${where} target`).toMatch(new RegExp(`^FROM .+ AS ${service.build.target}$`, 'm'));
      }
      if (service.env_file) expect(service.env_file, `${where} env_file (made from .env.example)`).toBe('.env');
      if (service.restart) expect(['no', 'always', 'on-failure', 'unless-stopped']).toContain(service.restart);
      if (service.stop_grace_period) expect(service.stop_grace_period).toMatch(DURATION);
      for (const [dependency, { condition }] of Object.entries(service.depends_on ?? {})) {
        expect(services[dependency], `${where} depends on ${dependency}`).toBeDefined();
        expect(['service_started', 'service_healthy', 'service_completed_successfully']).toContain(condition);
        // A health condition needs a health check, in the compose file or the image.
        if (condition === 'service_healthy') {
          const target = services[dependency]!;
          const imageCheck = target.build ? /^HEALTHCHECK /m.test(dockerfile(target.build.dockerfile)) : false;
          expect(target.healthcheck !== undefined || imageCheck, `${dependency} has a health check`).toBe(true);
        }
      }
      const check = service.healthcheck;
      if (check) {
        expect(['CMD', 'CMD-SHELL', 'NONE']).toContain(check.test[0]);
        for (const key of ['interval', 'timeout', 'start_period'] as const) if (check[key] !== undefined) expect(check[key]).toMatch(DURATION);
      }
      for (const port of service.ports ?? []) expect(port, `${where} port`).toMatch(/^(\d+|\$\{[A-Z_]+(:-\d+)?\}):\d+$/);
      for (const volume of service.volumes ?? []) {
        const [source] = volume.split(':');
        if (source!.startsWith('.')) expect(fs.existsSync(path.join(repoRoot, source!)), `${where} mounts ${source}`).toBe(true);
        else expect(compose.volumes?.[source!], `${where} volume ${source} is declared`).toBeDefined();
      }
    }
  });

  test('reads only variables that .env.example documents', () => {
    const used = new Set([...composeText.matchAll(/\$\{([A-Z][A-Z0-9_]*)/g)].map((m) => m[1]!));
    expect([...used].filter((name) => !documented.has(name))).toEqual([]);
    // Every "$" that is not a variable is escaped for compose ("$$").
    expect(composeText.replace(/\$\$|\$\{[A-Z][A-Z0-9_]*(:?[-?][^}]*)?\}/g, '')).not.toContain('$');
  });

  test('runs the topology the cluster suite runs: same commands, configs and variable names', () => {
    const apiServices = Object.keys(services).filter((name) => /^api-\d+$/.test(name));
    expect(apiServices).toEqual(['api-1', 'api-2']);
    // The instances' command is the image's; the migration job's is its own.
    expect(dockerfile('deploy/api.Dockerfile')).toContain(`CMD ${JSON.stringify(API_COMMANDS.server).replaceAll(',', ', ')}`);
    expect(apiPackage.scripts['start:prod']).toBe(API_COMMANDS.server.join(' '));
    expect(services.migrate!.command).toEqual([...API_COMMANDS.migrate]);
    // The instances' environment: compose's own names, and the rest from .env.
    const composeEnv = Object.keys(services['api-1']!.environment!);
    const clusterEnv = Object.keys(apiEnvironment(4000, 'postgres://x', 'redis://x'));
    expect(composeEnv.filter((name) => !clusterEnv.includes(name))).toEqual([]);
    expect(clusterEnv.filter((name) => !composeEnv.includes(name) && !documented.has(name))).toEqual([]);
    for (const secret of Object.keys(CLUSTER_SECRETS)) expect(documented.has(secret)).toBe(true);
    expect(services['api-1']!.environment!.PORT).toBe('4000');
    // The load balancer is the only published port, and its config names the compose services:
    // the API instances on their port, each web app on the image's, the remotes under their prefix.
    expect(Object.entries(services).filter(([, service]) => service.ports !== undefined).map(([name]) => name)).toEqual(['lb']);
    expect(services.lb!.volumes).toEqual(['./deploy/nginx/lb.conf:/etc/nginx/conf.d/default.conf:ro']);
    expect(Object.keys(services.lb!.depends_on!).sort()).toEqual(Object.keys(LB_UPSTREAMS).sort());
    const lbConf = fs.readFileSync(path.join(deployDir, 'nginx', 'lb.conf'), 'utf8');
    const upstreams = [...lbConf.matchAll(/^\s*server ([a-z0-9-]+):(\d+) resolve/gm)].map((m) => `${m[1]}:${m[2]}`);
    expect(upstreams.sort()).toEqual(Object.keys(LB_UPSTREAMS).map((name) => `${name}:${/^api-/.test(name) ? services[name]!.environment!.PORT : 8080}`).sort());
    for (const { service, prefix } of Object.values(WEB_APPS)) {
      if (prefix === '') expect(lbConf).toMatch(new RegExp(`location / \\{\\s+proxy_pass http://${service};`));
      else expect(lbConf).toMatch(new RegExp(`location ${prefix}/ \\{\\s+proxy_pass http://${service}/;`));
    }
    // Each web app: its image target, its start script, its environment.
    const webfile = dockerfile('deploy/web.Dockerfile');
    expect(webfile).toContain(`COPY ${WEB_SNIPPETS.map((s) => `deploy/nginx/${s}`).join(' ')} /etc/nginx/snippets/`);
    for (const [app, { dir, service, target, conf, startScript }] of Object.entries(WEB_APPS)) {
      const composed = services[service]!;
      expect(composed.build, service).toMatchObject({ dockerfile: 'deploy/web.Dockerfile', target, args: { APP: dir } });
      expect(webfile).toMatch(new RegExp(`FROM static AS ${target}\\nCOPY deploy/nginx/${conf} /etc/nginx/conf.d/${conf}\\nCOPY --chmod=755 deploy/web/${startScript} /docker-entrypoint.d/${startScript}`));
      expect(Object.keys(composed.environment!).sort(), service).toEqual(Object.keys(webEnvironment(app as keyof typeof WEB_APPS)).sort());
    }
    // The host finds the API and each remote at the load balancer's origin and prefixes.
    const appUrl = '${APP_URL:?set APP_URL in .env}';
    expect(services.host!.environment).toMatchObject({
      API_BASE: appUrl,
      USER_DASHBOARD_URL: `${appUrl}${WEB_APPS.userDashboard.prefix}`,
      AGENT_SOFTPHONE_URL: `${appUrl}${WEB_APPS.agentSoftphone.prefix}`,
      ADMIN_URL: `${appUrl}${WEB_APPS.admin.prefix}`,
    });
    expect(services['api-1']!.environment).toMatchObject({ CORS_ORIGINS: appUrl, PUBLIC_API_URL: appUrl });
  });

  test('the load balancer\'s own 503 says what the API says when the database is down', () => {
    const lb = fs.readFileSync(path.join(deployDir, 'nginx', 'lb.conf'), 'utf8');
    const body = /return 503 '([^']+)'/.exec(lb)?.[1];
    expect(body && JSON.parse(body)).toEqual({ type: 'ServiceUnavailable', message: SERVICE_UNAVAILABLE_TEXT });
  });
});
