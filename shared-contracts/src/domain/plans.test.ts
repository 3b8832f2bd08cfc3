import { FREE_PLAN_MINUTE_QUOTA, PAID_PLAN_IDS, PLANS, PLAN_FEATURE_LABELS, PLAN_IDS, featureNeedsPlanText, featuresLost, featureRefusedBy, firstPlanWith, minuteQuotaFor, overageFor, planById, planByPriceId, planCharge, planFeatureFor, planIncludes, priceIdFor } from './plans';

const features = (id: string) => {
  const f = planFeatureFor(id as never);
  return {
    reports: f.reports, bulkOutboundCall: f.bulkOutboundCall, realTimeCallListen: f.realTimeCallListen,
    callRouting: f.callRouting, customKnowledgeBase: f.customKnowledgeBase, callLogs: f.callLogs, callRecordings: f.callRecordings,
  };
};
const none = {
  reports: false, bulkOutboundCall: false, realTimeCallListen: false, callRouting: false,
  customKnowledgeBase: false, callLogs: false, callRecordings: false,
};

describe('PLANS', () => {
  test('four plans, in order', () =>
    expect(PLANS.map((p) => p.name)).toEqual(['Time Saver Basic', 'Efficiency Plus', 'Performance Suite', 'Enterprise Edge']));

  test.each([
    ['time-saver-basic', 'Time Saver Basic', 349, 319, 0.1, 500],
    ['efficiency-plus', 'Efficiency Plus', 999, 829, 0.08, 2000],
    ['performance-suite', 'Performance Suite', 1999, 1549, 0.06, 5000],
    ['enterprise-edge', 'Enterprise Edge', 199.99, 1999.99, 0.04, 10000],
  ])('%s: prices and quota', (id, name, monthly, yearly, overage, quota) => {
    const p = planById(id as never)!;
    expect(p).toMatchObject({ name, monthlyPrice: monthly, yearlyPrice: yearly, overagePrice: overage });
    expect(p.planFeature.minuteQuota).toBe(quota);
    expect(p.monthlyPriceId).not.toBe(p.yearlyPriceId);
  });

  test('Time Saver Basic: call logs only', () => expect(features('time-saver-basic')).toEqual({ ...none, callLogs: true }));
  test('Efficiency Plus: reports, bulk outbound, call routing, recordings', () =>
    expect(features('efficiency-plus')).toEqual({
      ...none, callLogs: true, reports: true, bulkOutboundCall: true, callRouting: true, callRecordings: true,
    }));
  test('Performance Suite: also real-time listen and custom knowledge base', () =>
    expect(features('performance-suite')).toEqual({
      callLogs: true, reports: true, bulkOutboundCall: true, callRouting: true, callRecordings: true,
      realTimeCallListen: true, customKnowledgeBase: true,
    }));
  test('Enterprise Edge: all features', () =>
    expect(Object.values(features('enterprise-edge')).every(Boolean)).toBe(true));

  test('ids are known plan ids and the paid list matches', () => {
    expect(PLANS.map((p) => p.id)).toEqual([...PAID_PLAN_IDS]);
    for (const id of PAID_PLAN_IDS) expect(PLAN_IDS).toContain(id);
    expect(planById('free')).toBeUndefined();
  });
});

describe('plan helpers', () => {
  test('monthly billing charges the monthly price each month', () =>
    expect(planCharge(planById('efficiency-plus')!, 'monthly')).toEqual({ amount: 999, perMonth: 999, perYear: 11_988 }));
  test.each([
    ['time-saver-basic', 319, 3828],
    ['efficiency-plus', 829, 9948],
    ['performance-suite', 1549, 18_588],
  ])('%s billed yearly: the spec\'s figure is per month, charged as one year\'s total', (id, perMonth, amount) => {
    const plan = planById(id as never)!;
    expect(planCharge(plan, 'yearly')).toEqual({ amount, perMonth, perYear: amount });
    expect(planCharge(plan, 'yearly').perYear).toBeLessThan(planCharge(plan, 'monthly').perYear);
  });
  test('Enterprise Edge billed yearly: the spec\'s figure is the year\'s total, about 10 months of the monthly price', () => {
    const plan = planById('enterprise-edge')!;
    expect(planCharge(plan, 'yearly')).toEqual({ amount: 1999.99, perMonth: 166.67, perYear: 1999.99 });
    expect(planCharge(plan, 'monthly')).toEqual({ amount: 199.99, perMonth: 199.99, perYear: 2399.88 });
  });
  test('every plan costs less per month billed yearly than billed monthly', () => {
    for (const plan of PLANS) expect(planCharge(plan, 'yearly').perMonth).toBeLessThan(planCharge(plan, 'monthly').perMonth);
  });
  test('minuteQuotaFor: plan quota, or the free quota', () => {
    expect(minuteQuotaFor('performance-suite')).toBe(5000);
    expect(minuteQuotaFor('free')).toBe(FREE_PLAN_MINUTE_QUOTA);
  });
  test('overageFor: none within quota, whole minutes over it at the overage price', () => {
    expect(overageFor('time-saver-basic', 499.5)).toEqual({ minuteQuota: 500, overageMinutes: 0, overageCost: 0 });
    expect(overageFor('time-saver-basic', 500.2)).toEqual({ minuteQuota: 500, overageMinutes: 1, overageCost: 0.1 });
    expect(overageFor('enterprise-edge', 10_033)).toEqual({ minuteQuota: 10_000, overageMinutes: 33, overageCost: 1.32 });
    expect(overageFor('free', 100)).toEqual({ minuteQuota: FREE_PLAN_MINUTE_QUOTA, overageMinutes: 70, overageCost: 0 });
  });
});

test('every plan price id names its plan and period, and no other price does', () => {
  for (const plan of PLANS) {
    expect(planByPriceId(priceIdFor(plan, 'monthly'))).toEqual({ planId: plan.id, period: 'monthly' });
    expect(planByPriceId(priceIdFor(plan, 'yearly'))).toEqual({ planId: plan.id, period: 'yearly' });
  }
  expect(planByPriceId('price_gold')).toBeUndefined();
});

describe('what each plan includes (the plans page and the server read the same table)', () => {
  test('the free plan: call logs only, its own minutes', () => {
    expect(features('free')).toEqual({ ...none, callLogs: true });
    expect(planFeatureFor('free').minuteQuota).toBe(FREE_PLAN_MINUTE_QUOTA);
  });
  test('a paid plan\'s features are its planFeature', () => {
    for (const plan of PLANS) expect(planFeatureFor(plan.id)).toBe(plan.planFeature);
  });
  test('planIncludes', () => {
    expect(planIncludes('free', 'reports')).toBe(false);
    expect(planIncludes('efficiency-plus', 'reports')).toBe(true);
    expect(planIncludes('efficiency-plus', 'customKnowledgeBase')).toBe(false);
  });
  test('a refusal names the feature and the first plan that includes it', () => {
    expect(featureNeedsPlanText('reports')).toBe('Your plan does not include reports; it comes with the Efficiency Plus plan and higher');
    expect(featureNeedsPlanText('realTimeCallListen')).toBe('Your plan does not include real-time call listening; it comes with the Performance Suite plan and higher');
    expect(firstPlanWith('callRouting').id).toBe('efficiency-plus');
  });
  test('featuresLost lists what the old plan has and the new one lacks, in the plans page\'s order', () => {
    expect(featuresLost('performance-suite', 'free')).toEqual(['reports', 'bulkOutboundCall', 'callRouting', 'callRecordings', 'realTimeCallListen', 'customKnowledgeBase']);
    expect(featuresLost('performance-suite', 'efficiency-plus')).toEqual(['realTimeCallListen', 'customKnowledgeBase']);
    expect(featuresLost('efficiency-plus', 'performance-suite')).toEqual([]);
    expect(featuresLost('free', 'time-saver-basic')).toEqual([]);
  });
  test('every feature has a label', () =>
    expect(PLAN_FEATURE_LABELS.map(([key]) => key).sort()).toEqual(Object.keys(none).sort()));
});

test('featureRefusedBy reads the feature back from a refusal, and nothing from other texts', () => {
  expect(featureRefusedBy(featureNeedsPlanText('callRecordings'))).toBe('callRecordings');
  expect(featureRefusedBy('Not found')).toBeUndefined();
  expect(featureRefusedBy(undefined)).toBeUndefined();
});
