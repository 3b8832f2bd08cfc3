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
  /**
   * The provider's metered prices that bill overage minutes at `overagePrice` each, one per
   * billing period (a subscription's prices share its interval).
   */
  monthlyOveragePriceId: string;
  yearlyOveragePriceId: string;
  planFeature: PlanFeature;
}

export const PLAN_IDS = ['free', 'time-saver-basic', 'efficiency-plus', 'performance-suite', 'enterprise-edge'] as const;
export type PlanId = (typeof PLAN_IDS)[number];
export type PaidPlanId = Exclude<PlanId, 'free'>;

const feature = (id: string, minuteQuota: number, f: Partial<PlanFeature>): PlanFeature => ({
  id, minuteQuota, reports: false, bulkOutboundCall: false, realTimeCallListen: false,
  callRouting: false, customKnowledgeBase: false, callLogs: true, callRecordings: false, ...f,
});

/** The four paid plans, in the order they are offered. */
export const PLANS: readonly Plan[] = [
  {
    id: 'time-saver-basic', name: 'Time Saver Basic', description: 'Call logs for a small front desk.',
    monthlyPrice: 349, yearlyPrice: 319, overagePrice: 0.1,
    yearlyPriceIs: 'per-month',
    monthlyPriceId: 'price_time_saver_basic_monthly', yearlyPriceId: 'price_time_saver_basic_yearly',
    monthlyOveragePriceId: 'price_time_saver_basic_overage_monthly', yearlyOveragePriceId: 'price_time_saver_basic_overage_yearly',
    planFeature: feature('feature-time-saver-basic', 500, {}),
  },
  {
    id: 'efficiency-plus', name: 'Efficiency Plus', description: 'Reports, bulk outbound calls, routing and recordings.',
    monthlyPrice: 999, yearlyPrice: 829, overagePrice: 0.08,
    yearlyPriceIs: 'per-month',
    monthlyPriceId: 'price_efficiency_plus_monthly', yearlyPriceId: 'price_efficiency_plus_yearly',
    monthlyOveragePriceId: 'price_efficiency_plus_overage_monthly', yearlyOveragePriceId: 'price_efficiency_plus_overage_yearly',
    planFeature: feature('feature-efficiency-plus', 2000, { reports: true, bulkOutboundCall: true, callRouting: true, callRecordings: true }),
  },
  {
    id: 'performance-suite', name: 'Performance Suite', description: 'Adds real-time call listening and a custom knowledge base.',
    monthlyPrice: 1999, yearlyPrice: 1549, overagePrice: 0.06,
    yearlyPriceIs: 'per-month',
    monthlyPriceId: 'price_performance_suite_monthly', yearlyPriceId: 'price_performance_suite_yearly',
    monthlyOveragePriceId: 'price_performance_suite_overage_monthly', yearlyOveragePriceId: 'price_performance_suite_overage_yearly',
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
    monthlyOveragePriceId: 'price_enterprise_edge_overage_monthly', yearlyOveragePriceId: 'price_enterprise_edge_overage_yearly',
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
export const minuteQuotaFor = (id: PlanId): number => planFeatureFor(id).minuteQuota;

/**
 * Not in the spec: what the free plan includes. Call logs and no paid feature, the same set as the
 * smallest paid plan, which sells more minutes (docs/decisions/3010).
 */
export const FREE_PLAN_FEATURE: PlanFeature = feature('feature-free', FREE_PLAN_MINUTE_QUOTA, {});

/** What a plan includes, the free plan included: the one table the plans page shows and the server enforces. */
export const planFeatureFor = (id: PlanId): PlanFeature => planById(id)?.planFeature ?? FREE_PLAN_FEATURE;

/** A feature a plan may or may not include (the minute quota aside). */
export type PlanFeatureKey = Exclude<keyof PlanFeature, 'id' | 'minuteQuota'>;

/** The features in the order a buyer compares them, with the name the plans page gives each. */
export const PLAN_FEATURE_LABELS: ReadonlyArray<readonly [PlanFeatureKey, string]> = [
  ['callLogs', 'Call logs'],
  ['reports', 'Reports'],
  ['bulkOutboundCall', 'Bulk outbound calls'],
  ['callRouting', 'Call routing'],
  ['callRecordings', 'Call recordings'],
  ['realTimeCallListen', 'Real-time call listening'],
  ['customKnowledgeBase', 'Custom knowledge base'],
];

export const planFeatureLabel = (key: PlanFeatureKey): string => PLAN_FEATURE_LABELS.find(([k]) => k === key)![1];

export const planIncludes = (id: PlanId, key: PlanFeatureKey): boolean => planFeatureFor(id)[key];

/** The first plan offered that includes a feature (every feature is in some paid plan). */
export const firstPlanWith = (key: PlanFeatureKey): Plan => PLANS.find((p) => p.planFeature[key])!;

/** The refusal of a feature the account's plan does not include: names the feature and the plan that has it. */
export const featureNeedsPlanText = (key: PlanFeatureKey): string =>
  `Your plan does not include ${planFeatureLabel(key).toLowerCase()}; it comes with the ${firstPlanWith(key).name} plan and higher`;

/** The feature a refusal text names, when it is a plan's refusal (featureNeedsPlanText); else undefined. */
export const featureRefusedBy = (message: string | undefined): PlanFeatureKey | undefined =>
  PLAN_FEATURE_LABELS.map(([key]) => key).find((key) => featureNeedsPlanText(key) === message);

/**
 * What stops on a change from plan `from` to plan `to`: the features `from` includes and `to` does
 * not, in the plans page's order. Stored data (recordings, knowledge, campaign leads) is kept and
 * comes back with a plan that includes the feature again (docs/decisions/3010).
 */
export function featuresLost(from: PlanId, to: PlanId): PlanFeatureKey[] {
  const had = planFeatureFor(from);
  const has = planFeatureFor(to);
  return PLAN_FEATURE_LABELS.map(([key]) => key).filter((key) => had[key] && !has[key]);
}

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

/** The provider's metered overage price for a plan billed monthly or yearly. */
export const overagePriceIdFor = (plan: Plan, period: BillingPeriod): string =>
  (period === 'monthly' ? plan.monthlyOveragePriceId : plan.yearlyOveragePriceId);

/** Whether a provider price id is one of the plans' metered overage prices. */
export const isOveragePriceId = (priceId: string): boolean =>
  PLANS.some((plan) => BILLING_PERIODS.some((period) => overagePriceIdFor(plan, period) === priceId));

/** Which plan and period a provider price id sells; undefined for a price that is not one of the plans'. */
export function planByPriceId(priceId: string): { planId: PaidPlanId; period: BillingPeriod } | undefined {
  for (const plan of PLANS) {
    for (const period of BILLING_PERIODS) {
      if (priceIdFor(plan, period) === priceId) return { planId: plan.id as PaidPlanId, period };
    }
  }
  return undefined;
}
