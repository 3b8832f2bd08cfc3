export interface PlanFeature {
  id: string;
  minuteQuota: number;
  reports: boolean;
  bulkOutboundCall: boolean;
  realTimeCallListen: boolean;
  callRouting: boolean;
  customKnowledgeBase: boolean;
  callLogs: boolean;
  callRecordings: boolean;
}

export interface Plan {
  id: PlanId;
  name: string;
  description: string;
  monthlyPrice: number;
  /** The spec's yearly figure; `yearlyPriceIs` says whether it is per month or the year's total. */
  yearlyPrice: number;
  /**
   * The spec gives three plans a yearly figure below their monthly price (a price per month,
   * billed yearly) and Enterprise Edge one ten times it (the year's total). See planCharge.
   */
  yearlyPriceIs: 'per-month' | 'per-year';
  overagePrice: number;
  /** Payment-provider price ids, one per billing period. */
  monthlyPriceId: string;
  yearlyPriceId: string;
  planFeature: PlanFeature;
}

export const PLAN_IDS = ['free', 'time-saver-basic', 'efficiency-plus', 'performance-suite', 'enterprise-edge'] as const;
export type PlanId = (typeof PLAN_IDS)[number];
export type PaidPlanId = Exclude<PlanId, 'free'>;

const feature = (id: string, minuteQuota: number, f: Partial<PlanFeature>): PlanFeature => ({
  id, minuteQuota, reports: false, bulkOutboundCall: false, realTimeCallListen: false,
  callRouting: false, customKnowledgeBase: false, callLogs: true, callRecordings: false, ...f,
});

/** Spec section 9: the four paid plans, in the order they are offered. */
export const PLANS: readonly Plan[] = [
  {
    id: 'time-saver-basic', name: 'Time Saver Basic', description: 'Call logs for a small front desk.',
    monthlyPrice: 349, yearlyPrice: 319, overagePrice: 0.1,
    yearlyPriceIs: 'per-month',
    monthlyPriceId: 'price_time_saver_basic_monthly', yearlyPriceId: 'price_time_saver_basic_yearly',
    planFeature: feature('feature-time-saver-basic', 500, {}),
  },
  {
    id: 'efficiency-plus', name: 'Efficiency Plus', description: 'Reports, bulk outbound calls, routing and recordings.',
    monthlyPrice: 999, yearlyPrice: 829, overagePrice: 0.08,
    yearlyPriceIs: 'per-month',
    monthlyPriceId: 'price_efficiency_plus_monthly', yearlyPriceId: 'price_efficiency_plus_yearly',
    planFeature: feature('feature-efficiency-plus', 2000, { reports: true, bulkOutboundCall: true, callRouting: true, callRecordings: true }),
  },
  {
    id: 'performance-suite', name: 'Performance Suite', description: 'Adds real-time call listening and a custom knowledge base.',
    monthlyPrice: 1999, yearlyPrice: 1549, overagePrice: 0.06,
    yearlyPriceIs: 'per-month',
    monthlyPriceId: 'price_performance_suite_monthly', yearlyPriceId: 'price_performance_suite_yearly',
    planFeature: feature('feature-performance-suite', 5000, {
      reports: true, bulkOutboundCall: true, callRouting: true, callRecordings: true,
      realTimeCallListen: true, customKnowledgeBase: true,
    }),
  },
  {
    id: 'enterprise-edge', name: 'Enterprise Edge', description: 'Every feature, at the largest scale.',
    monthlyPrice: 199.99, yearlyPrice: 1999.99, overagePrice: 0.04,
    yearlyPriceIs: 'per-year',
    monthlyPriceId: 'price_enterprise_edge_monthly', yearlyPriceId: 'price_enterprise_edge_yearly',
    planFeature: feature('feature-enterprise-edge', 10000, {
      reports: true, bulkOutboundCall: true, callRouting: true, callRecordings: true,
      realTimeCallListen: true, customKnowledgeBase: true,
    }),
  },
];

export const planById = (id: PlanId): Plan | undefined => PLANS.find((p) => p.id === id);

export const FREE_PLAN_NAME = 'Free';
/** The display name of any plan id, the free plan included. */
export const planName = (id: PlanId): string => planById(id)?.name ?? FREE_PLAN_NAME;

/** The plans a checkout can buy, in the order they are offered. */
export const PAID_PLAN_IDS = ['time-saver-basic', 'efficiency-plus', 'performance-suite', 'enterprise-edge'] as const satisfies readonly PaidPlanId[];

export const BILLING_PERIODS = ['monthly', 'yearly'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];

/**
 * Not in the spec: the free plan's monthly minutes, so usage has a quota to compare against. An
 * allowance, not a cap: past it calls keep working and nothing is charged (docs/decisions/0604).
 */
export const FREE_PLAN_MINUTE_QUOTA = 30;

/** Minutes included per month on a plan. */
export const minuteQuotaFor = (id: PlanId): number => planById(id)?.planFeature.minuteQuota ?? FREE_PLAN_MINUTE_QUOTA;

export interface PlanCharge {
  /** What the buyer is charged each time: every month, or once a year for the whole year. */
  amount: number;
  /** The price per month that works out to. */
  perMonth: number;
  /** What a year costs on this period's terms. */
  perYear: number;
}

const cents = (dollars: number) => Math.round(dollars * 100);

/**
 * What a plan costs on a billing period: the one answer the plans page shows and checkout
 * charges. Yearly billing is charged once for the year; a per-month yearly figure is multiplied
 * out, a yearly total is divided down to its per-month price (to the cent).
 */
export function planCharge(plan: Pick<Plan, 'monthlyPrice' | 'yearlyPrice' | 'yearlyPriceIs'>, period: BillingPeriod): PlanCharge {
  if (period === 'monthly') return { amount: plan.monthlyPrice, perMonth: plan.monthlyPrice, perYear: (cents(plan.monthlyPrice) * 12) / 100 };
  const yearCents = plan.yearlyPriceIs === 'per-month' ? cents(plan.yearlyPrice) * 12 : cents(plan.yearlyPrice);
  return { amount: yearCents / 100, perMonth: Math.round(yearCents / 12) / 100, perYear: yearCents / 100 };
}

/** Minutes over the month's quota and what they cost at the plan's overage price (cents rounded). */
export function overageFor(id: PlanId, minutesUsed: number): { minuteQuota: number; overageMinutes: number; overageCost: number } {
  const minuteQuota = minuteQuotaFor(id);
  const overageMinutes = Math.max(0, Math.ceil(minutesUsed - minuteQuota));
  const price = planById(id)?.overagePrice ?? 0;
  return { minuteQuota, overageMinutes, overageCost: Math.round(overageMinutes * price * 100) / 100 };
}

/** The payment provider's price id for a plan billed monthly or yearly. */
export const priceIdFor = (plan: Plan, period: BillingPeriod): string => (period === 'monthly' ? plan.monthlyPriceId : plan.yearlyPriceId);

/** Which plan and period a provider price id sells; undefined for a price that is not one of the plans'. */
export function planByPriceId(priceId: string): { planId: PaidPlanId; period: BillingPeriod } | undefined {
  for (const plan of PLANS) {
    for (const period of BILLING_PERIODS) {
      if (priceIdFor(plan, period) === priceId) return { planId: plan.id as PaidPlanId, period };
    }
  }
  return undefined;
}
