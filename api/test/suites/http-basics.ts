import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { allEndpoints, API_VERSION } from 'shared-contracts';
import { call, startServer, type TestServer } from '../helpers/server';
import type { SuiteContext } from '../helpers/suite-context';

export function httpBasicsSuite(ctx: SuiteContext) {
  describe('http basics', () => {
    let failing: TestServer;
    before(async () => {
      failing = await startServer(ctx.server.db, {}, (app) => {
        app.get('/v1/test/boom', async () => {
          throw new Error('relation "secret_table" does not exist');
        });
      });
    });
    after(() => failing.close());

    it('GET /v1/health answers ok', async () => {
      const res = await call(ctx.server, 'GET', 'health');
      assert.deepEqual([res.status, res.body], [200, { data: { status: 'ok' } }]);
    });

    it('GET /v1/openapi.json documents every contract endpoint', async () => {
      const res = await call(ctx.server, 'GET', 'openapi.json');
      assert.equal(res.status, 200);
      assert.equal(res.body.openapi, '3.1.0');
      for (const { domain, key, def } of allEndpoints()) {
        const path = `/${API_VERSION}/${def.path.trim().replace(/^\//, '')}`;
        const operation = res.body.paths[path]?.[def.method.toLowerCase()];
        assert.equal(operation?.operationId, `${domain}.${key}`, path);
      }
      const stats = res.body.paths['/v1/call/get-call-stats/{accountId}'].get;
      assert.deepEqual(stats.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`), ['path:accountId', 'query:direction']);
    });

    it('answers unknown routes with a NotFound body', async () => {
      const res = await call(ctx.server, 'GET', 'no/such/route');
      assert.deepEqual([res.status, res.body], [404, { type: 'NotFound', message: 'Not found' }]);
    });

    it('hides the cause of a 5xx from the client', async () => {
      const res = await call(failing, 'GET', 'test/boom');
      assert.equal(res.status, 500);
      assert.deepEqual(res.body, { type: 'InternalError', message: 'Something went wrong on our side. Please try again.' });
    });

    it('lets configured origins through CORS', async () => {
      const res = await fetch(`${ctx.server.origin}/v1/health`, { headers: { origin: 'http://localhost:3000' } });
      assert.equal(res.headers.get('access-control-allow-origin'), 'http://localhost:3000');
      const other = await fetch(`${ctx.server.origin}/v1/health`, { headers: { origin: 'https://evil.example' } });
      assert.equal(other.headers.get('access-control-allow-origin'), null);
    });
  });
}
