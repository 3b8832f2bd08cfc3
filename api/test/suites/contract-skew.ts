import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { CONTRACT_HEADER, contract, contractFingerprint, contractMismatchText, type EndpointDef } from 'shared-contracts';
import { createTenant } from '../factories';
import type { SuiteContext } from '../helpers/suite-context';

export function contractSkewSuite(ctx: SuiteContext) {
  describe('contract skew', () => {
    let token: string;
    let accountId: string;
    before(async () => {
      const tenant = await createTenant(ctx.server);
      token = tenant.ownerToken;
      accountId = tenant.account.id;
    });

    const send = async (def: EndpointDef, path: string, fingerprint: string | undefined, body?: unknown) => {
      const headers: Record<string, string> = { authorization: `Bearer ${token}` };
      if (fingerprint !== undefined) headers[CONTRACT_HEADER] = fingerprint;
      if (body !== undefined) headers['content-type'] = 'application/json';
      const response = await fetch(`${ctx.server.origin}/v1/${path}`, { method: def.method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      const text = await response.text();
      return { status: response.status, header: response.headers.get(CONTRACT_HEADER), body: text === '' ? undefined : JSON.parse(text) };
    };
    const update = contract.company.updateBusiness;
    const today = contractFingerprint(update);

    it('every answer of a contract endpoint carries the server\'s fingerprint of it', async () => {
      const res = await send(update, 'company/update-business', undefined, { name: 'Skew Dental' });
      assert.deepEqual([res.status, res.header], [200, today]);
      const read = await send(contract.company.getBusinessIndustries, 'company/get-business-industries', undefined);
      assert.equal(read.header, contractFingerprint(contract.company.getBusinessIndustries));
    });

    it('a request built from the same contract is answered as usual and not counted', async () => {
      const before = ctx.server.app.contractSkew.counts()['POST company/update-business'] ?? 0;
      const res = await send(update, 'company/update-business', today, { name: 'Same Dental' });
      assert.equal(res.status, 200);
      assert.equal(ctx.server.app.contractSkew.counts()['POST company/update-business'] ?? 0, before);
    });

    it('a request from another contract that still fits succeeds and is counted', async () => {
      const before = ctx.server.app.contractSkew.counts()['POST company/update-business'] ?? 0;
      const res = await send(update, 'company/update-business', 'feedfacecafe00', { name: 'Older Dental' });
      assert.equal(res.status, 200);
      assert.equal(res.body.data.name, 'Older Dental');
      assert.equal(ctx.server.app.contractSkew.counts()['POST company/update-business'], before + 1);
    });

    it('a renamed field from another contract is a 409 ContractMismatch naming it, and nothing is saved', async () => {
      await send(update, 'company/update-business', today, { name: 'Kept Dental' });
      const res = await send(update, 'company/update-business', 'feedfacecafe00', { businessName: 'Lost Dental' });
      assert.equal(res.status, 409);
      assert.deepEqual(res.body, { type: 'ContractMismatch', message: contractMismatchText('businessName') });
      assert.match(res.body.message, /^This screen is out of date: reload the page\. Nothing was saved\./);
      const read = await send(contract.company.getAccountBusiness, `company/get-account-business/${accountId}`, undefined);
      assert.equal(read.body.data.name, 'Kept Dental');
    });

    it('a field today\'s schema does not know, from today\'s contract, is not a mismatch', async () => {
      const res = await send(update, 'company/update-business', today, { name: 'Today Dental', businessName: 'Y' });
      assert.equal(res.status, 200);
    });

    it('a body today\'s schema refuses, from another contract, answers 409 with the refusal after the out-of-date text', async () => {
      const res = await send(update, 'company/update-business', 'feedfacecafe00', { name: '' });
      assert.equal(res.status, 409);
      assert.equal(res.body.type, 'ContractMismatch');
      assert.equal(res.body.errors[0], contractMismatchText(undefined));
      assert.equal(res.body.errors.length, 2);
    });

    it('an oversized fingerprint header is cut before it is logged or counted', async () => {
      const res = await send(update, 'company/update-business', 'f'.repeat(4000), { name: 'Long Dental' });
      assert.equal(res.status, 200);
    });

    it('lets a browser page send its fingerprint and read the server\'s', async () => {
      const preflight = await fetch(`${ctx.server.origin}/v1/company/update-business`, {
        method: 'OPTIONS',
        headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type,x-contract' },
      });
      assert.match(preflight.headers.get('access-control-allow-headers') ?? '', /X-Contract/i);
      const res = await fetch(`${ctx.server.origin}/v1/company/get-business-industries`, { headers: { origin: 'http://localhost:3000', authorization: `Bearer ${token}` } });
      assert.match(res.headers.get('access-control-expose-headers') ?? '', /X-Contract/i);
    });
  });
}
