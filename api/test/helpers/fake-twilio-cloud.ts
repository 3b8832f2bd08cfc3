import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import twilio from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient';
import { after, before } from 'node:test';
import type { Db } from '../../src/db/client';
import { createTwilioProvider } from '../../src/modules/telephony/twilio-provider';
import { startServer, type TestServer } from './server';
import { TEST_PUBLIC_URL, TEST_TWILIO as TWILIO } from './twilio-fixture';

/** Twilio's REST cloud, played locally: records each request and answers like Calls.json and Messages.json do (a removal with 204). */
export async function fakeTwilioCloud() {
  const requests: Array<{ method: string; path: string; form: URLSearchParams; auth: string }> = [];
  let fail = false;
  let latencyMs = 0;
  const server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (chunk) => { body += String(chunk); });
    req.on('end', () => setTimeout(() => {
      requests.push({ method: req.method ?? '', path: req.url ?? '', form: new URLSearchParams(body), auth: req.headers.authorization ?? '' });
      res.setHeader('content-type', 'application/json');
      if (fail) {
        res.statusCode = 400;
        res.end(JSON.stringify({ code: 21215, message: 'Geo permission not enabled', status: 400 }));
        return;
      }
      if (req.method === 'DELETE') {
        res.statusCode = 204;
        res.end();
        return;
      }
      res.statusCode = 201;
      const prefix = req.url?.endsWith('/Messages.json') ? 'SM' : 'CA';
      res.end(JSON.stringify({ sid: `${prefix}${randomBytes(16).toString('hex')}`, status: 'queued', account_sid: TWILIO.accountSid }));
    }, latencyMs));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  /** The real twilio client; only the cloud's address is swapped for the local one. */
  class LocalCloudClient extends twilio.RequestClient {
    override request<TData>(opts: RequestClient.RequestOptions<TData>) {
      return super.request<TData>({ ...opts, uri: opts.uri.replace(/^https:\/\/api\.twilio\.com/, origin) });
    }
  }
  return {
    requests,
    httpClient: new LocalCloudClient(),
    failNext: (value: boolean) => { fail = value; },
    /** How long the cloud takes to answer, so that copies of one request overlap. */
    answerAfter: (ms: number) => { latencyMs = ms; },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}


export type FakeTwilioCloud = Awaited<ReturnType<typeof fakeTwilioCloud>>;

/**
 * For a suite: a test server whose telephony is Twilio, the real client against the local cloud,
 * opened before the suite's tests (handed to `opened`) and closed after them.
 */
export function serverOnTwilioCloud(db: () => Db, opened: (on: { server: TestServer; cloud: FakeTwilioCloud }) => void): void {
  let server: TestServer | undefined;
  let cloud: FakeTwilioCloud | undefined;
  before(async () => {
    server = await startServer(db(), { twilio: TWILIO, publicApiUrl: TEST_PUBLIC_URL });
    cloud = await fakeTwilioCloud();
    server.app.telephony.provider = createTwilioProvider(TWILIO, TEST_PUBLIC_URL, { httpClient: cloud.httpClient });
    opened({ server, cloud });
  });
  after(async () => {
    await server?.close();
    await cloud?.close();
  });
}
