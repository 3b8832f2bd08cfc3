import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { googleIdentities, users } from '../../src/db/schema';
import { createAccount, createUser } from '../factories';
import { call, startServer, type TestServer } from '../helpers/server';
import type { SuiteContext } from '../helpers/suite-context';
import { freshEmail } from '../helpers/auth-support';

const CLIENT_ID = 'test-client.apps.googleusercontent.com';
const REJECTED = { type: 'InvalidCredentials', message: 'Google sign-in failed. Please try again.' };
const REDIRECT = 'http://localhost:3000/auth/login';

/**
 * Stands in for Google's endpoints only (JWKS, token exchange, tokeninfo, userinfo); the
 * server's real verification code runs against it.
 */
async function fakeGoogle() {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const forger = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'google-key-1', alg: 'RS256', use: 'sig' };
  const codes = new Map<string, string>();
  const accessTokens = new Map<string, { info: Record<string, unknown>; user: Record<string, unknown> }>();

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const send = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (url.pathname === '/certs') return send(200, { keys: [jwk] });
    if (url.pathname === '/token') {
      let raw = '';
      req.on('data', (chunk) => (raw += chunk));
      req.on('end', () => {
        const form = new URLSearchParams(raw);
        const idToken = codes.get(form.get('code') ?? '');
        if (!idToken || form.get('client_id') !== CLIENT_ID || form.get('client_secret') !== 'test-secret' || form.get('redirect_uri') !== REDIRECT) {
          send(400, { error: 'invalid_grant' });
        } else send(200, { id_token: idToken, access_token: 'unused' });
      });
      return undefined;
    }
    if (url.pathname === '/tokeninfo') {
      const entry = accessTokens.get(url.searchParams.get('access_token') ?? '');
      return entry ? send(200, entry.info) : send(400, { error: 'invalid_token' });
    }
    if (url.pathname === '/userinfo') {
      const entry = accessTokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
      return entry ? send(200, entry.user) : send(401, { error: 'invalid_token' });
    }
    return send(404, {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const idToken = (claims: Record<string, unknown>, options: { key?: CryptoKey; exp?: string | number; aud?: string; iss?: string } = {}) =>
    new SignJWT({ email_verified: true, given_name: 'Gina', family_name: 'Google', ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: 'google-key-1' })
      .setIssuer(options.iss ?? 'https://accounts.google.com')
      .setAudience(options.aud ?? CLIENT_ID)
      .setIssuedAt()
      .setExpirationTime(options.exp ?? '1h')
      .sign(options.key ?? privateKey);

  return {
    origin, forgedKey: forger.privateKey, idToken,
    /** Registers a code whose exchange returns this ID token. */
    code(token: string) {
      const code = `code-${codes.size + 1}-${Math.random().toString(36).slice(2)}`;
      codes.set(code, token);
      return code;
    },
    accessToken(sub: string, email: string, info: Record<string, unknown> = {}) {
      const token = `ya29.${Math.random().toString(36).slice(2)}`;
      accessTokens.set(token, {
        info: { aud: CLIENT_ID, azp: CLIENT_ID, sub, expires_in: '3599', scope: 'openid email profile', ...info },
        user: { sub, email, email_verified: true, given_name: 'Ira', family_name: 'Implicit' },
      });
      return token;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export function googleSignInSuite(ctx: SuiteContext) {
  describe('Google sign-in', () => {
    let google: Awaited<ReturnType<typeof fakeGoogle>>;
    let server: TestServer;
    before(async () => {
      google = await fakeGoogle();
      server = await startServer(ctx.server.db, {
        google: {
          clientId: CLIENT_ID, clientSecret: 'test-secret', jwksUrl: `${google.origin}/certs`, tokenUrl: `${google.origin}/token`,
          tokeninfoUrl: `${google.origin}/tokeninfo`, userinfoUrl: `${google.origin}/userinfo`,
        },
      });
    });
    after(async () => {
      await server.close();
      await google.close();
    });

    const codeLogin = (code: string) => call(server, 'POST', '/auth/login/google', { body: { flow: 'code', code, redirectUri: REDIRECT } });

    it('code flow: a first sign-in creates an account and its USER; the next one finds the same user', async () => {
      const email = freshEmail('google');
      const sub = `sub-${email}`;
      const first = await codeLogin(google.code(await google.idToken({ sub, email })));
      assert.equal(first.status, 200, JSON.stringify(first.body));
      assert.equal(first.body.data.user.email, email);
      assert.equal(first.body.data.user.role, 'USER');
      assert.equal(first.body.data.user.firstName, 'Gina');
      const again = await codeLogin(google.code(await google.idToken({ sub, email })));
      assert.equal(again.body.data.user.id, first.body.data.user.id);
      const session = await call(server, 'GET', 'auth/session-user', { token: again.body.data.token });
      assert.equal(session.body.data.id, first.body.data.user.id);
    });

    it('links a Google account to the user with the same verified address', async () => {
      const account = await createAccount(server.db);
      const agent = await createUser(server.db, { accountId: account.id, role: 'AGENT' });
      const res = await codeLogin(google.code(await google.idToken({ sub: `sub-${agent.id}`, email: agent.email })));
      assert.equal(res.status, 200);
      assert.equal(res.body.data.user.id, agent.id);
      const [link] = await server.db.select().from(googleIdentities).where(eq(googleIdentities.userId, agent.id));
      assert.equal(link?.sub, `sub-${agent.id}`);
    });

    it('implicit flow: an access token issued to this client signs in', async () => {
      const email = freshEmail('implicit');
      const res = await call(server, 'POST', '/auth/login/google', { body: { flow: 'implicit', accessToken: google.accessToken(`sub-${email}`, email) } });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.equal(res.body.data.user.email, email);
      assert.equal(res.body.data.user.lastName, 'Implicit');
    });

    it('refuses a forged, expired, mis-addressed or foreign-issuer ID token, and creates nobody', async () => {
      const email = freshEmail('forged');
      const claims = { sub: `sub-${email}`, email };
      const tokens = {
        forged: await google.idToken(claims, { key: google.forgedKey }),
        expired: await google.idToken(claims, { exp: Math.floor(Date.now() / 1000) - 60 }),
        otherAudience: await google.idToken(claims, { aud: 'another-app.apps.googleusercontent.com' }),
        otherIssuer: await google.idToken(claims, { iss: 'https://evil.example.com' }),
        alg_none: `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ ...claims, aud: CLIENT_ID, iss: 'https://accounts.google.com', exp: 9e9 })).toString('base64url')}.`,
      };
      for (const [name, token] of Object.entries(tokens)) {
        const res = await codeLogin(google.code(token));
        assert.deepEqual([res.status, res.body], [401, REJECTED], name);
      }
      const badCode = await codeLogin('never-issued');
      assert.deepEqual([badCode.status, badCode.body], [401, REJECTED]);
      assert.equal((await server.db.select().from(users).where(eq(users.email, email))).length, 0);
    });

    it('refuses an access token issued to another app, or expired', async () => {
      const email = freshEmail('foreign');
      for (const info of [{ aud: 'other-app', azp: 'other-app' }, { expires_in: '0' }]) {
        const res = await call(server, 'POST', '/auth/login/google', { body: { flow: 'implicit', accessToken: google.accessToken(`sub-${email}`, email, info) } });
        assert.deepEqual([res.status, res.body], [401, REJECTED]);
      }
      const unknown = await call(server, 'POST', '/auth/login/google', { body: { flow: 'implicit', accessToken: 'ya29.unknown' } });
      assert.deepEqual([unknown.status, unknown.body], [401, REJECTED]);
    });

    it('does not take over an account on an address Google has not verified', async () => {
      const account = await createAccount(server.db);
      const owner = await createUser(server.db, { accountId: account.id, role: 'USER' });
      const res = await codeLogin(google.code(await google.idToken({ sub: `sub-x-${owner.id}`, email: owner.email, email_verified: false })));
      assert.deepEqual([res.status, res.body], [401, {
        type: 'InvalidCredentials', message: 'Your Google email address is not verified, so it cannot be used to sign in.',
      }]);
    });

    it('says so when the server has no Google client configured', async () => {
      const res = await call(ctx.server, 'POST', '/auth/login/google', { body: { flow: 'implicit', accessToken: 'ya29.x' } });
      assert.deepEqual([res.status, res.body], [404, { type: 'NotFound', message: 'Google sign-in is not available on this server.' }]);
    });
  });
}
