import assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { WebSocket } from 'ws';
import { loadConfig } from '../../src/config';
import { createAiAgent, createTenant, uniquePhone } from '../factories';
import { answeredByLocalResponder, dialAiAgent } from '../helpers/relay';
import { call, startServer, type TestServer } from '../helpers/server';
import { openSocket } from '../helpers/sockets';
import type { SuiteContext } from '../helpers/suite-context';

const HEADERS_MS = 500;
const KEEP_ALIVE_MS = 400;
const PING_MS = 300;

/** A raw connection to the server, and how long after it was opened the server closed it. */
function rawConnection(server: TestServer) {
  const socket = connect(Number(new URL(server.origin).port), '127.0.0.1');
  const opened = Date.now();
  let received = '';
  socket.on('data', (chunk) => (received += chunk.toString()));
  socket.on('error', () => undefined);
  const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now() - opened)));
  return { socket, closed, received: () => received };
}

/** Resolves with the time the socket took to close, or fails once `ms` have passed. */
const closedWithin = (closed: Promise<number>, ms: number) => Promise.race([
  closed,
  sleep(ms).then(() => {
    throw new Error(`still connected after ${ms} ms`);
  }),
]);

/** Writes the request a byte at a time, never finishing it, until the socket closes. */
async function trickle(socket: Socket, text: string, everyMs: number) {
  for (const byte of text) {
    if (socket.destroyed) return;
    socket.write(byte);
    await sleep(everyMs);
  }
}

export function connectionTimeoutsSuite(ctx: SuiteContext) {
  describe('connection timeouts', () => {
    let server: TestServer;
    before(async () => {
      server = await startServer(ctx.server.db, {
        httpTimeouts: { headersMs: HEADERS_MS, requestMs: 2_000, idleMs: 2_000, keepAliveMs: KEEP_ALIVE_MS },
        socketPingIntervalMs: PING_MS,
      });
    });
    after(() => server.close());
    answeredByLocalResponder(ctx);

    it('production defaults bound headers, requests, idle and kept-alive connections, and ping sockets', () => {
      const config = loadConfig({});
      assert.deepEqual(config.httpTimeouts, { headersMs: 20_000, requestMs: 300_000, idleMs: 120_000, keepAliveMs: 72_000 });
      assert.equal(config.socketPingIntervalMs, 30_000);
      assert.equal(loadConfig({ HTTP_HEADERS_TIMEOUT_SECONDS: '5', SOCKET_PING_INTERVAL_SECONDS: '10' }).httpTimeouts.headersMs, 5_000);
      assert.throws(() => loadConfig({ HTTP_HEADERS_TIMEOUT_SECONDS: '400', HTTP_REQUEST_TIMEOUT_SECONDS: '300' }), /HTTP_HEADERS_TIMEOUT_SECONDS/);
    });

    it('a client sending its headers a byte at a time is cut off after the headers timeout', async () => {
      const client = rawConnection(server);
      void trickle(client.socket, 'GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ' + 'a'.repeat(200), 50);
      const after = await closedWithin(client.closed, 3_000);
      assert.ok(after >= HEADERS_MS - 50, `closed after ${after} ms`);
      assert.match(client.received(), /^HTTP\/1\.1 408 /);
    });

    it('a connection that sends nothing, or sits idle after its answer, is closed', async () => {
      const silent = rawConnection(server);
      await closedWithin(silent.closed, 3_000);

      const kept = rawConnection(server);
      kept.socket.write('GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n');
      const after = await closedWithin(kept.closed, 3_000);
      assert.match(kept.received(), /^HTTP\/1\.1 200 /);
      assert.ok(after >= KEEP_ALIVE_MS - 50, `closed after ${after} ms`);
    });

    it('a request that is only slow (its body in parts, within the request timeout) is answered', async () => {
      const body = JSON.stringify({ email: 'nobody@example.com', password: 'Wrong-pass-1' });
      const client = rawConnection(server);
      client.socket.write(`POST /v1/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body.slice(0, 10)}`);
      await sleep(HEADERS_MS * 2);
      client.socket.write(body.slice(10));
      await closedWithin(client.closed, 3_000);
      assert.match(client.received(), /^HTTP\/1\.1 401 /);
    });

    it('a socket that does not answer pings is dropped; one that does stays through many', async () => {
      const t = await createTenant(ctx.server);
      const url = `${server.origin.replace(/^http/, 'ws')}/ws?accountId=${t.account.id}&token=${t.ownerToken}`;
      const silent = new WebSocket(url, { autoPong: false });
      silent.on('error', () => undefined);
      const silentClosed = new Promise<number>((resolve) => silent.once('close', (code) => resolve(code)));
      const alive = openSocket(server, { accountId: t.account.id, token: t.agentToken });
      assert.equal((await alive.next()).type, 'INITIAL_STATUS');
      let pings = 0;
      alive.socket.on('ping', () => (pings += 1));

      assert.equal(await Promise.race([silentClosed, sleep(PING_MS * 4).then(() => 'still open')]), 1006);
      await sleep(PING_MS * 4);
      assert.ok(pings >= 4, `${pings} pings`);
      assert.equal(alive.socket.readyState, WebSocket.OPEN);
      alive.send({ type: 'UPDATE_STATUS', agentId: t.agent.id, status: 'available' });
      assert.equal((await alive.next()).type, 'STATUS_UPDATED');
      alive.close();
    });

    it('a call on the relay socket goes on through many pings', async () => {
      const t = await createTenant(ctx.server);
      const agent = await createAiAgent(ctx.server.db, { accountId: t.account.id, name: 'Front Desk', greeting: 'Hello.', handleCallType: 'inbound' });
      const { caller } = await dialAiAgent(server, agent.phoneNumber!, uniquePhone());
      await sleep(PING_MS * 5);
      caller.say('What are your opening hours?');
      assert.ok((await caller.nextReply()).length > 0);
      await caller.hangUp();
      assert.equal((await call(server, 'GET', 'health')).status, 200);
    });
  });
}
