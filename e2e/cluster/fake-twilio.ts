/**
 * Twilio's REST cloud, played locally for the production API: the API's real Twilio client
 * reaches it through HTTP_PROXY (the client's own proxy setting), which answers CONNECT to
 * api.twilio.com with a certificate of a local authority the API trusts (NODE_EXTRA_CA_CERTS).
 * Messages are accepted as "queued" and then reported "sent" and "delivered" on their signed
 * status callback, as Twilio does.
 */
import { execFileSync } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import tls from 'node:tls';

export const CLUSTER_TWILIO = {
  TWILIO_ACCOUNT_SID: `AC${'1'.repeat(32)}`,
  TWILIO_AUTH_TOKEN: 'cluster-auth-token-0123456789abcdef',
  TWILIO_API_KEY_SID: `SK${'2'.repeat(32)}`,
  TWILIO_API_KEY_SECRET: 'cluster-api-key-secret',
  TWILIO_TWIML_APP_SID: `AP${'3'.repeat(32)}`,
};

export interface SentMessage {
  sid: string;
  from: string;
  to: string;
  body: string;
}

/** Twilio's webhook signature: HMAC-SHA1 of the URL and the sorted form fields, base64. */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params).sort().reduce((text, key) => text + key + params[key], url);
  return createHmac('sha1', authToken).update(data).digest('base64');
}

/** A certificate authority and a certificate for api.twilio.com, made with openssl. */
function makeCertificates(dir: string): { ca: string; key: string; cert: string } {
  const file = (name: string) => path.join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'pipe' });
  openssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=cluster test CA',
    '-keyout', file('ca.key'), '-out', file('ca.pem'));
  openssl('req', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=api.twilio.com', '-keyout', file('twilio.key'), '-out', file('twilio.csr'));
  fs.writeFileSync(file('twilio.ext'), 'subjectAltName=DNS:api.twilio.com\n');
  openssl('x509', '-req', '-in', file('twilio.csr'), '-CA', file('ca.pem'), '-CAkey', file('ca.key'), '-CAcreateserial',
    '-days', '2', '-extfile', file('twilio.ext'), '-out', file('twilio.pem'));
  return { ca: file('ca.pem'), key: fs.readFileSync(file('twilio.key'), 'utf8'), cert: fs.readFileSync(file('twilio.pem'), 'utf8') };
}

export class FakeTwilio {
  readonly messages: SentMessage[] = [];
  /** Whether accepted messages are then reported delivered. */
  reportDelivery = true;
  private proxy: http.Server | undefined;
  private readonly cloud: http.Server;
  private readonly sockets = new Set<import('node:net').Socket>();

  constructor(private readonly dir: string, readonly port: number) {
    this.cloud = http.createServer((req, res) => this.answer(req, res));
  }

  /** The API's environment for this cloud: Twilio's credentials, the proxy and the authority. */
  async start(): Promise<Record<string, string>> {
    fs.mkdirSync(this.dir, { recursive: true });
    const { ca, key, cert } = makeCertificates(this.dir);
    const context = tls.createSecureContext({ key, cert });
    this.proxy = http.createServer((_req, res) => res.writeHead(405).end());
    this.proxy.on('connect', (req: http.IncomingMessage, socket: import('node:net').Socket) => {
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
      socket.on('error', () => undefined);
      if (req.url !== 'api.twilio.com:443') return void socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      const secure = new tls.TLSSocket(socket, { isServer: true, secureContext: context });
      secure.on('error', () => undefined);
      this.cloud.emit('connection', secure);
    });
    await new Promise<void>((resolve) => this.proxy!.listen(this.port, '127.0.0.1', resolve));
    return { ...CLUSTER_TWILIO, HTTP_PROXY: `http://127.0.0.1:${this.port}`, NODE_EXTRA_CA_CERTS: ca };
  }

  private answer(req: http.IncomingMessage, res: http.ServerResponse): void {
    let text = '';
    req.on('data', (chunk) => { text += String(chunk); });
    req.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(text));
      res.setHeader('content-type', 'application/json');
      if (req.method === 'POST' && /\/Messages\.json$/.test(req.url ?? '')) {
        const message = { sid: `SM${randomBytes(16).toString('hex')}`, from: form.From ?? '', to: form.To ?? '', body: form.Body ?? '' };
        this.messages.push(message);
        res.writeHead(201).end(JSON.stringify({ ...message, status: 'queued', account_sid: CLUSTER_TWILIO.TWILIO_ACCOUNT_SID }));
        if (this.reportDelivery && form.StatusCallback) void this.report(form.StatusCallback, message.sid);
        return;
      }
      res.writeHead(404).end(JSON.stringify({ code: 20404, message: 'The requested resource was not found', status: 404 }));
    });
  }

  /**
   * "sent", then "delivered", on the message's signed status callback; tried again while no
   * instance answers, so a callback sent while a fault test has the cluster down still arrives.
   */
  private async report(url: string, sid: string): Promise<void> {
    for (const status of ['sent', 'delivered']) {
      const params = { AccountSid: CLUSTER_TWILIO.TWILIO_ACCOUNT_SID, MessageSid: sid, MessageStatus: status };
      for (let attempt = 0; attempt < 20; attempt += 1) {
        await new Promise((r) => setTimeout(r, 50 + attempt * 250));
        try {
          const res = await fetch(url, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilioSignature(CLUSTER_TWILIO.TWILIO_AUTH_TOKEN, url, params) },
            body: new URLSearchParams(params),
          });
          if (res.ok) break;
        } catch { /* nothing answers: try again */ }
      }
    }
  }

  /** Twilio calling one of the API's webhooks (through the load balancer), signed; the TwiML answer. */
  async webhook(url: string, params: Record<string, string>): Promise<{ status: number; text: string }> {
    const fields = { AccountSid: CLUSTER_TWILIO.TWILIO_ACCOUNT_SID, ...params };
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilioSignature(CLUSTER_TWILIO.TWILIO_AUTH_TOKEN, url, fields) },
      body: new URLSearchParams(fields),
    });
    return { status: res.status, text: await res.text() };
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => (this.proxy ? this.proxy.close(() => resolve()) : resolve()));
  }
}
