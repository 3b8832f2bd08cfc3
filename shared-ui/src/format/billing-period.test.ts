import { formatBillingPeriod } from './billing-period';

const november = { periodStart: '2025-11-01T05:00:00.000Z', periodEnd: '2025-12-01T04:59:59.999Z', timeZone: 'America/New_York' };

test("a period shows on the account's clock, and says so to a viewer elsewhere", () => {
  expect(formatBillingPeriod(november, 'America/New_York')).toBe('Nov 1, 2025 – Nov 30, 2025');
  expect(formatBillingPeriod(november, 'Asia/Tokyo')).toBe("Nov 1, 2025 – Nov 30, 2025, in the account's time zone (America/New_York)");
});

test('an account zone the runtime does not know reads as UTC', () => {
  const utc = { periodStart: '2025-11-01T00:00:00.000Z', periodEnd: '2025-11-30T23:59:59.999Z', timeZone: 'Mars/Olympus' };
  expect(formatBillingPeriod(utc, 'UTC')).toBe('Nov 1, 2025 – Nov 30, 2025');
});
