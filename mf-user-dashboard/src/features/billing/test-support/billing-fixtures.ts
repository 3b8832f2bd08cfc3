import type { BillingInformation, Usage } from 'shared-contracts';

export const freeBilling = (overrides: Partial<BillingInformation> = {}): BillingInformation => ({
  plan: 'free', period: null, status: 'none', currentPeriodEnd: null, cancelAtPeriodEnd: false, paymentFailure: null, canManageSubscription: false, paymentMethod: null, timeZone: 'America/New_York', invoices: [], unbilledOverage: [], ...overrides,
});

export const paidBilling = (overrides: Partial<BillingInformation> = {}): BillingInformation => ({
  plan: 'efficiency-plus', period: 'yearly', status: 'active', currentPeriodEnd: '2027-03-10T15:00:00.000Z', cancelAtPeriodEnd: false,
  paymentFailure: null, canManageSubscription: true,
  paymentMethod: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2029 }, timeZone: 'America/New_York',
  invoices: [{ id: 'inv-1', number: 'INV-202603-ABCD1234', amount: 9948, currency: 'usd', status: 'paid', issuedAt: '2026-03-10T15:00:00.000Z', pdfUrl: null, overageAmount: 0 }],
  unbilledOverage: [],
  ...overrides,
});

export const usageOf = (overrides: Partial<Usage> = {}): Usage => ({
  accountId: '00000000-0000-4000-8000-000000000001', plan: 'efficiency-plus',
  periodStart: '2026-03-01T05:00:00.000Z', periodEnd: '2026-04-01T03:59:59.999Z', timeZone: 'America/New_York',
  minutesUsed: 512, minuteQuota: 2000, overageMinutes: 0, overageCost: 0, ...overrides,
});
