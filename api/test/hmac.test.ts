import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { hmac, macMatches, purposeKey, purposeSecret } from '../src/http/hmac';
import { createLinkSigner } from '../src/http/signed-links';
import { signPortalSession, verifyPortalSession } from '../src/modules/billing/simulator-portal-session';

const SECRET = 'server-secret-for-hmac-tests';

describe('keys of their own purpose', () => {
  it('each purpose derives its own key, and none is the server secret', () => {
    const keys = (['call-recording-links', 'voicemail-links', 'relay-browser-links', 'relay-simulator', 'billing-simulator-webhook', 'billing-portal-session', 'one-time-codes'] as const)
      .map((purpose) => purposeKey(SECRET, purpose).toString('hex'));
    assert.equal(new Set(keys).size, keys.length);
    assert.ok(!keys.includes(Buffer.from(SECRET).toString('hex')));
    assert.equal(purposeSecret(SECRET, 'relay-simulator'), purposeKey(SECRET, 'relay-simulator').toString('base64url'));
  });

  it('a link signed for one purpose does not open another', () => {
    const recordings = createLinkSigner(SECRET, 'call-recording-links', 300);
    const voicemail = createLinkSigner(SECRET, 'voicemail-links', 300);
    const { expires, signature } = recordings.sign('call-1');
    assert.equal(recordings.grants('call-1', expires, signature), true);
    assert.equal(voicemail.grants('call-1', expires, signature), false);
    assert.equal(recordings.grants('call-2', expires, signature), false);
  });

  it('a portal session verifies only under the server secret that signed it, and not after it is altered', () => {
    const session = signPortalSession(SECRET, 'acct-1', 'http://app.test/billing');
    assert.equal(verifyPortalSession(SECRET, session)?.accountId, 'acct-1');
    assert.equal(verifyPortalSession('another-secret', session), null);
    assert.equal(verifyPortalSession(SECRET, `${session.slice(0, -1)}${session.endsWith('A') ? 'B' : 'A'}`), null);
  });

  it('compares MACs of any length without throwing', () => {
    const mac = hmac(purposeKey(SECRET, 'one-time-codes'), 'message');
    assert.equal(macMatches(mac, mac), true);
    assert.equal(macMatches(mac.slice(1), mac), false);
    assert.equal(macMatches('', mac), false);
    assert.equal(hmac('k', 'm', 'hex').length, 64);
  });
});
