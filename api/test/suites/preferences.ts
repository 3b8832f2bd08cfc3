import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { contract } from 'shared-contracts';
import { users } from '../../src/db/schema';
import { createTenant, createUser } from '../factories';
import { assertContract } from '../helpers/contract-shape';
import { call } from '../helpers/server';
import type { SuiteContext } from '../helpers/suite-context';

export function preferencesSuite(ctx: SuiteContext) {
  describe('preferences', () => {
    it('get-timezones lists IANA zones by offset with labels', async () => {
      const { ownerToken } = await createTenant(ctx.server);
      const res = await call(ctx.server, 'GET', 'account/get-timezones', { token: ownerToken });
      assert.equal(res.status, 200);
      assertContract(contract.account.getTimezones, res.body);
      const zones = res.body.data as Array<{ value: string; label: string; offsetMinutes: number }>;
      assert.ok(zones.length > 300);
      const tokyo = zones.find((z) => z.value === 'Asia/Tokyo')!;
      assert.deepEqual(tokyo, { value: 'Asia/Tokyo', label: '(UTC+09:00) Asia/Tokyo', offsetMinutes: 540 });
      const offsets = zones.map((z) => z.offsetMinutes);
      assert.deepEqual(offsets, [...offsets].sort((a, b) => a - b));
    });

    it('reads the defaults, then saves the time zone on the user and the rest in preferences', async () => {
      const { owner, ownerToken } = await createTenant(ctx.server);
      const before = await call(ctx.server, 'GET', `account/get-account-preferenece/${owner.id}`, { token: ownerToken });
      assert.equal(before.status, 200);
      assertContract(contract.account.getAccountPreference, before.body);
      assert.deepEqual(before.body.data, {
        timezone: 'America/New_York', dateFormat: 'MM/DD/YYYY', timeFormat: '12h', emailNotifications: true, smsNotifications: false, weeklySummaryEmail: true,
      });
      const saved = await call(ctx.server, 'PATCH', `users/update-user-preference/${owner.id}`, {
        token: ownerToken, body: { timezone: 'Europe/Berlin', timeFormat: '24h' },
      });
      assert.equal(saved.status, 200, JSON.stringify(saved.body));
      assertContract(contract.users.updateUserPreference, saved.body);
      assert.deepEqual([saved.body.data.timezone, saved.body.data.timeFormat, saved.body.data.dateFormat], ['Europe/Berlin', '24h', 'MM/DD/YYYY']);
      const session = await call(ctx.server, 'GET', 'auth/session-user', { token: ownerToken });
      assert.equal(session.body.data.timeZone, 'Europe/Berlin');
      const onlyZone = await call(ctx.server, 'PATCH', `users/update-user-preference/${owner.id}`, { token: ownerToken, body: { timezone: 'Asia/Tokyo' } });
      assert.deepEqual([onlyZone.body.data.timezone, onlyZone.body.data.timeFormat], ['Asia/Tokyo', '24h']);
    });

    it('refuses a bad time zone or empty update and changes nothing', async () => {
      const { owner, ownerToken } = await createTenant(ctx.server);
      const cases: Array<[object, string]> = [
        [{ timezone: 'Mars/Olympus' }, 'Choose a valid time zone'],
        // Node's time zone data knows this one; PostgreSQL's does not, and its reports would fail.
        [{ timezone: 'US/Pacific-New' }, 'Choose a valid time zone'],
        [{}, 'Change at least one field'],
        [{ timeFormat: '36h' }, 'Choose 12-hour or 24-hour time'],
      ];
      for (const [body, message] of cases) {
        const res = await call(ctx.server, 'PATCH', `users/update-user-preference/${owner.id}`, { token: ownerToken, body });
        assert.equal(res.status, 400);
        assert.equal(res.body.message, message);
      }
      const [row] = await ctx.server.db.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, owner.id));
      assert.equal(row!.timeZone, 'America/New_York');
    });

    it('another user\'s preferences are not found, even in the same account', async () => {
      const { account, ownerToken } = await createTenant(ctx.server);
      const colleague = await createUser(ctx.server.db, { accountId: account.id, role: 'USER' });
      const other = await createTenant(ctx.server);
      for (const id of [colleague.id, other.owner.id]) {
        assert.equal((await call(ctx.server, 'GET', `account/get-account-preferenece/${id}`, { token: ownerToken })).status, 404);
        const res = await call(ctx.server, 'PATCH', `users/update-user-preference/${id}`, { token: ownerToken, body: { timezone: 'Asia/Tokyo' } });
        assert.equal(res.status, 404);
      }
      const [row] = await ctx.server.db.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, other.owner.id));
      assert.equal(row!.timeZone, 'America/New_York');
    });
  });
}
