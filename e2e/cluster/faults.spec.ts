/**
 * Faults the cluster survives, each bounded in time. Every test prints its figures (requests
 * tried, failed, lost, duplicated, time to recover) and leaves the cluster whole again.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { WebSocket } from 'ws';
import { CALL_END_REASONS } from 'shared-contracts';
import { twilioSignature, CLUSTER_TWILIO } from './fake-twilio';
import { APP_ORIGIN } from './topology';
import { api, DEMO_PASSWORD, openSocket, request, signIn, type ClusterSocket } from './client';
import { expect, test } from './fixtures';
import { startLoad } from './load';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The figures of a fault, printed in the run's output and attached to the test's result. */
function report(fault: string, figures: Record<string, unknown>): void {
  const line = `${fault}: ${JSON.stringify(figures)}`;
  console.log(`[fault figures] ${line}`);
  test.info().annotations.push({ type: 'figures', description: line });
}

/**
 * Numbers for the people a test reaches: `block` (one digit) is the test's own, so no two tests
 * and no seeded number (the seed uses the 100, 200 and 900 blocks) ever share one.
 */
const leadNumber = (block: number, n: number) => `+15557${block}${String(n % 100_000).padStart(5, '0')}`;

/** The demo account's receptionist, an AI agent answering inbound calls (seeded). */
const RECEPTIONIST_NUMBER = '+15551000010';

/** The demo agent's own number (seeded), which its texts are sent from. */
const AGENT_NUMBER = '+15550100001';

test.describe('faults', () => {
  test('SIGTERM to one instance under load: no request in flight fails', async ({ cluster }) => {
    await cluster.balanced();
    const { token } = await signIn('user@demo.test');
    // Reads and writes (a write a load balancer must never send twice) from 16 clients.
    const load = startLoad(16, (n) => (n % 2 === 0
      ? { method: 'POST', url: api('call/get-call-logs'), token, body: { page: 1, limit: 10 } }
      : { method: 'POST', url: api('lead/create-lead'), token, body: { fullName: `Load ${n}`, phoneNumber: leadNumber(1, n), email: null } }));
    await sleep(1_500);
    const signalled = Date.now();
    await cluster.apis[0]!.stop('SIGTERM');
    const stoppedMs = Date.now() - signalled;
    await sleep(1_500);
    const figures = await load.stop();
    report('SIGTERM under load', { ...figures, instanceStoppedMs: stoppedMs });
    expect(figures.failures).toEqual({});
    expect(figures.ok).toBeGreaterThan(100);
    await cluster.startApi(0);
  });

  test('kill -9 of one instance during an SMS burst: a text the client saw sent is stored once, none twice, none left queued; sockets move to the other instance', async ({ cluster }) => {
    await cluster.balanced();
    const { token, user } = await signIn('agent@demo.test');
    const run = randomUUID().slice(0, 8);
    const toNumber = leadNumber(2, 0);
    // Four sockets through the load balancer: some are held by the instance about to die.
    const sockets: ClusterSocket[] = [];
    for (let i = 0; i < 4; i += 1) sockets.push(await openSocket(user.accountId, token));

    // Eight senders, one text after another. A send with no answer (or a 5xx) is sent again under
    // the same key, at most twice more, as the composer's Retry does.
    const texts = new Map<string, { content: string; seenSent: boolean; attempts: number }>();
    let sending = true;
    const sender = async (c: number) => {
      for (let i = 0; sending; i += 1) {
        const key = randomUUID();
        const text = { content: `burst ${run} ${c}-${i}`, seenSent: false, attempts: 0 };
        texts.set(key, text);
        while (!text.seenSent && text.attempts < 3) {
          text.attempts += 1;
          try {
            const res = await request('POST', api('conversation/send-sms'), {
              token, body: { toNumber, content: text.content, agentNo: AGENT_NUMBER, idempotencyKey: key }, timeoutMs: 10_000,
            });
            if (res.status === 200) text.seenSent = true;
            else if (res.status < 500) throw new Error(`send refused: ${res.status} ${JSON.stringify(res.body)}`);
          } catch (err) {
            if (String(err).includes('send refused')) throw err;
          }
        }
      }
    };
    const senders = Array.from({ length: 8 }, (_, c) => sender(c));
    await sleep(1_000);
    const killedAt = Date.now();
    await cluster.apis[0]!.stop('SIGKILL');
    await sleep(2_000);
    sending = false;
    await Promise.all(senders);

    // Sockets the dead instance held are closed; opened again through the load balancer they
    // reach the survivor and get the account's state.
    const dropped = (await Promise.all(sockets.map((s) => Promise.race([s.closed.then(() => true), sleep(3_000).then(() => false)])))).filter(Boolean).length;
    const reopened = [];
    for (let i = 0; i < dropped; i += 1) {
      const socket = await openSocket(user.accountId, token);
      await socket.next((m) => m.type === 'INITIAL_STATUS');
      reopened.push(socket);
    }

    await cluster.startApi(0);
    const recoveredMs = Date.now() - killedAt;
    // Every text is settled: delivered by the carrier's callback, or unconfirmed when its sender
    // died before the carrier answered.
    const rowsOf = () => cluster.sql(`select idempotency_key, content, status from sms_messages where content like 'burst ${run} %'`);
    let settledMs = 0;
    for (const started = Date.now(); ; await sleep(250)) {
      if (rowsOf().every(([, , status]) => status !== 'queued')) {
        settledMs = Date.now() - killedAt;
        break;
      }
      expect(Date.now() - started, 'texts still queued').toBeLessThan(30_000);
    }
    const rows = rowsOf();
    const storedKeys = new Set(rows.map(([key]) => key));
    const seenSent = [...texts].filter(([, t]) => t.seenSent);
    const lost = seenSent.filter(([key]) => !storedKeys.has(key)).length;
    const duplicated = rows.length - new Set(rows.map(([, content]) => content)).size;
    const carrierCopies = new Map<string, number>();
    for (const m of cluster.twilio.messages.filter((m) => m.body.startsWith(`burst ${run} `))) carrierCopies.set(m.body, (carrierCopies.get(m.body) ?? 0) + 1);
    const sentTwice = [...carrierCopies.values()].filter((n) => n > 1).length;
    const statuses: Record<string, number> = {};
    for (const [, , status] of rows) statuses[status!] = (statuses[status!] ?? 0) + 1;
    report('kill -9 during an SMS burst', {
      texts: texts.size, requests: [...texts.values()].reduce((n, t) => n + t.attempts, 0),
      retried: [...texts.values()].filter((t) => t.attempts > 1).length, clientSawFail: texts.size - seenSent.length,
      stored: rows.length, lost, duplicated, sentToCarrierTwice: sentTwice, statuses,
      socketsDropped: dropped, instanceBackMs: recoveredMs, allSettledMs: settledMs,
    });
    expect(seenSent.length).toBeGreaterThan(20);
    expect(lost).toBe(0);
    expect(duplicated).toBe(0);
    expect(sentTwice).toBe(0);
    expect(dropped).toBeGreaterThan(0);

    // Realtime reaches every socket again, the reopened ones included.
    const live = [...sockets.filter((s) => s.socket.readyState === s.socket.OPEN), ...reopened];
    expect(live).toHaveLength(4);
    const agentSocket = await openSocket(user.accountId, token);
    agentSocket.send({ type: 'UPDATE_STATUS', agentId: user.id, status: 'busy' });
    for (const socket of live) await socket.next((m) => m.type === 'STATUS_UPDATED' && m.agentId === user.id && m.status === 'busy');
    for (const socket of [...live, agentSocket]) socket.close();
  });

  test('kill -9 of the instance holding a live AI call: the call ends completed, with what was said, why it ended, summarised by the survivor', async ({ cluster }) => {
    await cluster.balanced();
    const callSid = `CA${randomBytes(16).toString('hex')}`;
    const caller = leadNumber(3, 0);
    // Twilio asks what to do with the incoming call: connect it to the agent over ConversationRelay.
    const twiml = await cluster.twilio.webhook(`${APP_ORIGIN}/v1/telephony/twilio/voice/incoming`, {
      CallSid: callSid, From: caller, To: RECEPTIONIST_NUMBER, CallStatus: 'ringing', Direction: 'inbound',
    });
    expect(twiml.status).toBe(200);
    const relayUrl = /<ConversationRelay url="([^"]+)"/.exec(twiml.text)?.[1]?.replaceAll('&amp;', '&');
    const callId = /<Parameter name="callId" value="([^"]+)"/.exec(twiml.text)?.[1];
    const actionUrl = /<Connect action="([^"]+)"/.exec(twiml.text)?.[1]?.replaceAll('&amp;', '&');
    expect(relayUrl && callId && actionUrl, twiml.text).toBeTruthy();

    // Twilio's side of the relay: the caller asks a question and hears the agent's answer.
    const relay = new WebSocket(relayUrl!, { headers: { 'x-twilio-signature': twilioSignature(CLUSTER_TWILIO.TWILIO_AUTH_TOKEN, relayUrl!, {}) } });
    relay.on('error', () => undefined);
    await new Promise((resolve, reject) => relay.once('open', resolve).once('error', reject));
    // Which instance holds the session: its log names the relay's upgrade request.
    let holder = -1;
    for (const started = Date.now(); holder === -1; await sleep(50)) {
      holder = cluster.apis.findIndex((a) => a.log().includes('"url":"/v1/telephony/relay'));
      expect(Date.now() - started, 'an instance logs the relay session').toBeLessThan(5_000);
    }
    let reply = '';
    const replied = new Promise<void>((resolve) => relay.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as { type: string; token?: string; last?: boolean };
      if (frame.type === 'text') reply += frame.token ?? '';
      if (frame.type === 'text' && frame.last) resolve();
    }));
    relay.send(JSON.stringify({ type: 'setup', callSid, from: caller, to: RECEPTIONIST_NUMBER, direction: 'inbound', customParameters: { callId } }));
    relay.send(JSON.stringify({ type: 'prompt', voicePrompt: 'What are your opening hours?', lang: 'en-US', last: true }));
    await replied;
    expect(reply.length).toBeGreaterThan(0);
    // The line reaches the database while the call is live (the transcript screen reads it).
    const lines = () => cluster.sql(`select m.content from conversation_messages m join conversations c on c.id = m.conversation_id where c.call_id = '${callId}'`).map(([t]) => t);
    for (const started = Date.now(); !lines().some((l) => l?.includes('opening hours')); await sleep(100)) {
      expect(Date.now() - started, 'the caller\'s line is stored').toBeLessThan(5_000);
    }

    // The instance holding the relay dies; Twilio sees the relay drop, asks the action URL what
    // next (a new instance answers) and, the call over, reports it completed.
    const killedAt = Date.now();
    await cluster.apis[holder]!.stop('SIGKILL');
    await new Promise((resolve) => (relay.readyState === relay.CLOSED ? resolve(null) : relay.once('close', resolve)));
    const next = await cluster.twilio.webhook(actionUrl!, { CallSid: callSid, SessionStatus: 'failed', SessionDuration: '9' });
    expect(next.status).toBe(200);
    expect(next.text).toContain('<Hangup/>');
    expect((await cluster.twilio.webhook(`${APP_ORIGIN}/v1/telephony/twilio/voice/status`, { CallSid: callSid, CallStatus: 'completed', CallDuration: '9' })).status).toBe(204);

    const callRow = () => cluster.sql(`select c.status, c.duration_seconds, v.summary, c.end_reason from calls c left join conversations v on v.call_id = c.id where c.id = '${callId}'`)[0];
    let settledMs = 0;
    for (const started = Date.now(); ; await sleep(250)) {
      const [status, , summary] = callRow() ?? [];
      if (status === 'completed' && summary) {
        settledMs = Date.now() - killedAt;
        break;
      }
      // The survivor writes the summary once the session's own wrap-up is overdue (15 s).
      expect(Date.now() - started, `call ${JSON.stringify(callRow())} not completed and summarised`).toBeLessThan(45_000);
    }
    report('kill -9 during a live AI call', { callRow: callRow(), transcriptLines: lines().length, completedAndSummarisedMs: settledMs });
    expect(lines().some((l) => l?.includes('opening hours'))).toBe(true);
    expect(callRow()?.[3]).toBe(CALL_END_REASONS.sessionLost);
    await cluster.startApi(holder);
  });

  test('Redis stopped: every request keeps answering, a logout is refused at once everywhere, readiness says so, realtime resumes when it returns', async ({ cluster }) => {
    await cluster.balanced();
    const agent = await signIn('agent@demo.test');
    const watcher = await openSocket(agent.user.accountId, agent.token, cluster.apiOrigin(0));
    await watcher.next((m) => m.type === 'INITIAL_STATUS');
    const stoppedAt = Date.now();
    await cluster.redis.stop();

    // Sign-ins, reads, writes and texts from 8 clients while Redis is away.
    const load = startLoad(8, (n, loop) => [
      { method: 'POST', url: api('auth/login'), body: { email: ['user@demo.test', 'agent2@demo.test', 'owner@globex.test', 'admin@demo.test'][loop % 4]!, password: DEMO_PASSWORD } },
      { method: 'POST', url: api('call/get-agent-call-logs'), token: agent.token, body: { page: 1, limit: 10 } },
      { method: 'POST', url: api('conversation/send-sms'), token: agent.token, body: { toNumber: leadNumber(4, n), content: `outage ${n}`, agentNo: AGENT_NUMBER, idempotencyKey: randomUUID() } },
    ][n % 3]!, (a) => a.status === 200);
    await sleep(3_000);
    const figures = await load.stop();
    for (const index of [0, 1]) {
      const ready = await request('GET', api('ready', cluster.apiOrigin(index)));
      expect(ready.status).toBe(503);
      expect(JSON.stringify(ready.body)).toContain('redis');
    }
    // A logout on one instance is refused on the other at once, though no message crosses.
    const { token } = await signIn('user@demo.test');
    const logs = (origin: string) => request('POST', api('call/get-call-logs', origin), { token, body: { page: 1, limit: 10 } });
    expect((await logs(cluster.apiOrigin(1))).status).toBe(200);
    expect((await request('POST', api('auth/logout', cluster.apiOrigin(0)), { token })).status).toBe(200);
    expect((await logs(cluster.apiOrigin(1))).status).toBe(401);

    // Redis returns: readiness and cross-instance realtime come back with no restart.
    const pids = cluster.apis.map((a) => a.pid);
    await cluster.redis.start();
    const returnedAt = Date.now();
    let readyMs = 0;
    for (; ; await sleep(50)) {
      const answers = await Promise.all([0, 1].map((i) => request('GET', api('ready', cluster.apiOrigin(i)))));
      if (answers.every((a) => a.status === 200)) { readyMs = Date.now() - returnedAt; break; }
      expect(Date.now() - returnedAt, 'ready again').toBeLessThan(15_000);
    }
    let realtimeMs = 0;
    const sender = await openSocket(agent.user.accountId, agent.token, cluster.apiOrigin(1));
    for (let status: 'busy' | 'available' = 'busy'; ; status = status === 'busy' ? 'available' : 'busy') {
      sender.send({ type: 'UPDATE_STATUS', agentId: agent.user.id, status });
      const crossed = await watcher.next((m) => m.type === 'STATUS_UPDATED' && m.status === status, 500).then(() => true, () => false);
      if (crossed) { realtimeMs = Date.now() - returnedAt; break; }
      expect(Date.now() - returnedAt, 'realtime crosses instances again').toBeLessThan(15_000);
    }
    sender.close();
    watcher.close();
    expect(cluster.apis.map((a) => a.pid)).toEqual(pids);
    report('Redis stopped', { ...figures, outageMs: returnedAt - stoppedAt, readyAgainMs: readyMs, realtimeAcrossInstancesAgainMs: realtimeMs });
    expect(figures.failures).toEqual({});
    expect(figures.ok).toBeGreaterThan(30);
  });

  test('PostgreSQL stopped: requests fail fast with a clear 503, readiness says why, and everything recovers with no restart', async ({ cluster }) => {
    await cluster.balanced();
    const { token } = await signIn('user@demo.test');
    const pids = cluster.apis.map((a) => a.pid);
    const stoppedAt = Date.now();
    await cluster.postgres.stop();
    const slowest = { ms: 0 };
    // Reads, and sign-ins of four people (each person's attempts one at a time, as the per-account
    // limit counts attempts in flight).
    const people = ['user@demo.test', 'agent@demo.test', 'agent2@demo.test', 'owner@globex.test'];
    const load = startLoad(8, (_n, loop) => (loop % 2 === 0
      ? { method: 'POST', url: api('lead/get-leads'), token, body: { page: 1, limit: 10, search: '' } }
      : { method: 'POST', url: api('auth/login'), body: { email: people[(loop - 1) / 2]!, password: DEMO_PASSWORD } }));
    // Each answer during the outage: how long it took and what it said.
    const started = Date.now();
    const probe = await request('POST', api('lead/get-leads'), { token, body: { page: 1, limit: 10, search: '' } });
    slowest.ms = Date.now() - started;
    expect(probe.status).toBe(503);
    expect(probe.body).toMatchObject({ message: 'The service is temporarily unavailable. Please try again.' });
    expect(probe.headers['retry-after']).toBeDefined();
    const ready = await request('GET', api('ready', cluster.apiOrigin(0)));
    expect(ready.status).toBe(503);
    expect(JSON.stringify(ready.body)).toContain('database');
    await sleep(3_000);
    const during = await load.stop();

    await cluster.postgres.start();
    const returnedAt = Date.now();
    const after = startLoad(4, () => ({ method: 'POST', url: api('lead/get-leads'), token, body: { page: 1, limit: 10, search: '' } }));
    const recoveredAt = await after.firstOkAfter(returnedAt);
    await sleep(1_000);
    const afterFigures = await after.stop();
    const failedAfterRecovery = afterFigures.failed;
    report('PostgreSQL stopped', {
      duringOutage: { tried: during.tried, answered503: during.failures['503']?.count ?? 0, other: Object.fromEntries(Object.entries(during.failures).filter(([k]) => k !== '503')), ok: during.ok },
      firstAnswerMs: slowest.ms, outageMs: returnedAt - stoppedAt, firstSuccessAfterReturnMs: recoveredAt - returnedAt, failedAfterReturn: failedAfterRecovery,
    });
    // Every request in the outage answered, and only with 503 (none hung, none 500).
    expect(Object.keys(during.failures).filter((k) => k !== '503')).toEqual([]);
    expect(slowest.ms).toBeLessThan(3_000);
    expect(recoveredAt - returnedAt).toBeLessThan(10_000);
    expect(cluster.apis.map((a) => a.pid)).toEqual(pids);
    for (const index of [0, 1]) await expect.poll(async () => (await request('GET', api('ready', cluster.apiOrigin(index)))).status).toBe(200);
  });
});
