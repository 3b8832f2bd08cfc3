import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { contract } from 'shared-contracts';
import { businesses } from '../../src/db/schema';
import { createTenant } from '../factories';
import { assertContract } from '../helpers/contract-shape';
import { call } from '../helpers/server';
import type { SuiteContext } from '../helpers/suite-context';

export function businessSuite(ctx: SuiteContext) {
  describe('business profile', () => {
    it('starts from the account name, saves fields, normalises the phone, and lists industries', async () => {
      const { account, ownerToken } = await createTenant(ctx.server, { name: 'Bright Smiles' });
      const before = await call(ctx.server, 'GET', `company/get-account-business/${account.id}`, { token: ownerToken });
      assert.equal(before.status, 200);
      assertContract(contract.company.getAccountBusiness, before.body);
      assert.deepEqual([before.body.data.name, before.body.data.stateCode, before.body.data.industryId], ['Bright Smiles', null, null]);

      const industries = await call(ctx.server, 'GET', 'company/get-business-industries', { token: ownerToken });
      assertContract(contract.company.getBusinessIndustries, industries.body);
      const dental = industries.body.data.find((i: { name: string }) => i.name === 'Dental');
      const names = industries.body.data.map((i: { name: string }) => i.name);
      assert.deepEqual(names, [...names].sort((a: string, b: string) => a.localeCompare(b)));

      const saved = await call(ctx.server, 'POST', 'company/update-business', {
        token: ownerToken, body: { industryId: dental.id, stateCode: 'GU', city: 'Hagåtña', phoneNumber: '(555) 201-3344', postalCode: '96910' },
      });
      assert.equal(saved.status, 200, JSON.stringify(saved.body));
      assertContract(contract.company.updateBusiness, saved.body);
      assert.deepEqual([saved.body.data.name, saved.body.data.industryId, saved.body.data.stateCode, saved.body.data.phoneNumber],
        ['Bright Smiles', dental.id, 'GU', '+15552013344']);
      const cleared = await call(ctx.server, 'POST', 'company/update-business', { token: ownerToken, body: { city: null } });
      assert.deepEqual([cleared.body.data.city, cleared.body.data.stateCode], [null, 'GU']);
    });

    it('refuses bad input and changes nothing; another account\'s profile is not found', async () => {
      const { account, ownerToken } = await createTenant(ctx.server);
      const cases: Array<[object, string]> = [
        [{ stateCode: 'XX' }, 'Choose a US state or territory'],
        [{ postalCode: '123' }, 'Enter a 5-digit ZIP code (or ZIP+4)'],
        [{ website: 'ftp://x.test' }, 'Website must start with http:// or https://'],
        [{ industryId: '00000000-0000-4000-8000-000000000000' }, 'Choose an industry from the list'],
        [{}, 'Change at least one field'],
      ];
      for (const [body, message] of cases) {
        const res = await call(ctx.server, 'POST', 'company/update-business', { token: ownerToken, body });
        assert.equal(res.status, 400, JSON.stringify(body));
        assert.equal(res.body.message, message);
      }
      assert.equal((await ctx.server.db.select().from(businesses).where(eq(businesses.accountId, account.id))).length, 0);
      const other = await createTenant(ctx.server);
      assert.equal((await call(ctx.server, 'GET', `company/get-account-business/${account.id}`, { token: other.ownerToken })).status, 404);
      assert.equal((await call(ctx.server, 'GET', `company/get-account-business/${account.id}`, { token: other.agentToken })).status, 403);
    });
  });
}
