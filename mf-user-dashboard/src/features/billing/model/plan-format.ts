import type { BillingPeriod, PlanCharge } from 'shared-contracts';

const usd = (fractionDigits: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: fractionDigits, maximumFractionDigits: 2 });

/** "$349", "$199.99", "$0.10": whole dollars without cents, otherwise two decimals. */
export const formatUsd = (amount: number): string => usd(Number.isInteger(amount) ? 0 : 2).format(amount);

export const PERIOD_LABEL: Record<BillingPeriod, string> = { monthly: 'Monthly', yearly: 'Yearly' };

/** "$319 / month": prices are compared per month, whichever the billing period. */
export const formatPerMonth = (charge: PlanCharge): string => `${formatUsd(charge.perMonth)} / month`;

/** What is charged, and how often: "$349 billed monthly", "$3,828 billed yearly". */
export const billedText = (charge: PlanCharge, period: BillingPeriod): string => `${formatUsd(charge.amount)} billed ${period}`;
