import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { promisify } from 'node:util';
import {
  API_REFERENCE_PATH, CALL_FAILURE_REASONS, WEBHOOK_EVENT_DATA, WEBHOOK_EVENT_ID_HEADER, WEBHOOK_EVENT_TYPE_HEADER, WEBHOOK_SIGNATURE_HEADER,
  allEndpoints,
} from 'shared-contracts';
import { createTenant } from '../factories';
import { call, type TestServer } from '../helpers/server';
import type { SuiteContext } from '../helpers/suite-context';

// The linter is a dev dependency of the workspace root, as integrators run it: `redocly lint`.
const redoclyPackage = createRequire(new URL('../../../package.json', import.meta.url)).resolve('@redocly/cli/package.json');
const REDOCLY = join(dirname(redoclyPackage), 'bin', 'cli.js');

interface LintTotals { errors: number; warnings: number }

/** `redocly lint` with its built-in recommended rules on a document, as JSON totals and problems. */
async function redoclyLint(document: unknown): Promise<{ totals: LintTotals; problems: { ruleId: string; message: string }[] }> {
  const dir = await mkdtemp(join(tmpdir(), 'openapi-lint-'));
  try {
    const file = join(dir, 'openapi.json');
    await writeFile(file, JSON.stringify(document));
    // No telemetry or update check: the suite runs offline.
    const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
    const run = await promisify(execFile)(process.execPath, [REDOCLY, 'lint', file, '--extends=recommended', '--format=json'], { cwd: dir, env })
      .catch((err: { stdout?: string; stderr?: string }) => ({ stdout: err.stdout ?? '', stderr: err.stderr ?? '' }));
    const report = JSON.parse(run.stdout.slice(run.stdout.indexOf('{')));
    return { totals: report.totals, problems: report.problems };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

// Documents are read field by field in assertions.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const documentOf = async (server: TestServer, path: string): Promise<any> => {
  const res = await fetch(`${server.origin}${path}`);
  assert.equal(res.status, 200);
  return res.json();
};

type Operation = { security?: unknown[]; responses: Record<string, unknown>; parameters?: { name: string; in: string; schema: Record<string, unknown> }[] };

export function openApiDocumentSuite(ctx: SuiteContext) {
  describe('OpenAPI document', () => {
    it('the document and the public API\'s pass redocly lint\'s recommended rules with no errors', async () => {
      for (const path of ['/v1/openapi.json', `/v1/${API_REFERENCE_PATH}/json`]) {
        const { totals, problems } = await redoclyLint(await documentOf(ctx.server, path));
        const errors = problems.filter((p) => (p as { severity?: string }).severity === 'error');
        assert.equal(totals.errors, 0, `${path}: ${JSON.stringify(errors, null, 1)}`);
      }
    });

    it('is OpenAPI 3.1 with a server; every open endpoint says so and documents the answers it gives', async () => {
      const doc = await documentOf(ctx.server, '/v1/openapi.json');
      assert.equal(doc.openapi, '3.1.0');
      assert.ok(doc.servers.length > 0);
      for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, Operation>>)) {
        for (const [method, op] of Object.entries(item)) assert.ok(Array.isArray(op.security), `${method} ${path} declares its security`);
      }
      const open = allEndpoints().filter(({ def }) => def.roles === 'public');
      assert.ok(open.length > 0);
      for (const { def } of open) {
        assert.deepEqual(doc.paths[`/v1/${def.path.replace(/^\//, '')}`][def.method.toLowerCase()].security, [], def.path);
      }
      assert.deepEqual(doc.paths['/v1/health'].get.security, []);

      const login: Operation = doc.paths['/v1/auth/login'].post;
      assert.deepEqual(Object.keys(login.responses).sort(), ['200', '400', '401', '403', '429']);
      // What the document promises is what the server does.
      const { owner } = await createTenant(ctx.server);
      const wrong = await call(ctx.server, 'POST', 'auth/login', { body: { email: owner.email, password: 'not-the-password' } });
      assert.equal(wrong.status, 401);
      assert.equal(wrong.body.type, 'InvalidCredentials');

      const reports: Operation = doc.paths['/v1/call/get-call-reports/{id}'].get;
      for (const status of ['401', '403', '404', '429']) assert.ok(reports.responses[status], `get-call-reports documents ${status}`);
    });

    it('gives every query field one type: page and limit are integers', async () => {
      const doc = await documentOf(ctx.server, '/v1/openapi.json');
      let paged = 0;
      for (const item of Object.values(doc.paths as Record<string, Record<string, Operation>>)) {
        for (const op of Object.values(item)) {
          for (const parameter of op.parameters ?? []) {
            if (parameter.in !== 'query') continue;
            assert.equal(parameter.schema.anyOf, undefined, parameter.name);
            assert.equal(typeof parameter.schema.type, 'string', parameter.name);
            if (parameter.name === 'page' || parameter.name === 'limit') {
              paged++;
              assert.equal(parameter.schema.type, 'integer');
            }
          }
        }
      }
      assert.ok(paged > 0);
    });

    it('lists every webhook event with its payload schema', async () => {
      for (const path of ['/v1/openapi.json', `/v1/${API_REFERENCE_PATH}/json`]) {
        const doc = await documentOf(ctx.server, path);
        assert.deepEqual(Object.keys(doc.webhooks).sort(), Object.keys(WEBHOOK_EVENT_DATA).sort());
        for (const type of ['call.started', 'call.failed', 'analysis.completed']) {
          const body = doc.webhooks[type].post.requestBody.content['application/json'].schema;
          assert.deepEqual(body.properties.type, { const: type }, type);
          assert.ok(body.properties.data.required.includes('callId'), type);
        }
        const failed = doc.webhooks['call.failed'].post.requestBody.content['application/json'].schema.properties.data;
        assert.deepEqual(failed.properties.reason.enum, [...CALL_FAILURE_REASONS]);
        assert.deepEqual(doc.webhooks['call.started'].post.parameters.map((p: { name: string }) => p.name),
          [WEBHOOK_SIGNATURE_HEADER, WEBHOOK_EVENT_ID_HEADER, WEBHOOK_EVENT_TYPE_HEADER]);
      }
    });
  });
}
