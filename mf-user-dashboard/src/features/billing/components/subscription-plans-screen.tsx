import { useState, type ReactNode } from 'react';
import { useApiMutation, useSessionUser } from 'shared-auth';
import { BILLING_PERIODS, contract, extractErrorText, type BillingPeriod, type PaidPlanId, type Plan } from 'shared-contracts';
import { Alert, Col, DashboardPage, Empty, LoadError, LoadingBlock, Radio, Row } from 'shared-ui';
import { useBillingInformation } from '../hooks/use-billing';
import { usePlans } from '../hooks/use-plans';
import { goToProvider } from '../api/go-to-provider';
import { PERIOD_LABEL } from '../model/plan-format';
import { ManageSubscriptionButton } from './manage-subscription-button';
import { PlanCard } from './plan-card';

/** dashboard/subscription-plans: the four plans, monthly or yearly, and a checkout for the chosen one. */
export function SubscriptionPlansScreen() {
  const user = useSessionUser();
  const plans = usePlans();
  const billing = useBillingInformation(user?.accountId);
  const checkout = useApiMutation(contract.billing.createCheckoutSession);
  const portal = useApiMutation(contract.billing.createPortalSession);
  const [chosenPeriod, setPeriod] = useState<BillingPeriod | null>(null);
  const [choosing, setChoosing] = useState<string | null>(null);
  const info = billing.data?.data;
  const period = chosenPeriod ?? info?.period ?? 'monthly';
  // A second checkout would start a second subscription: a subscribed account changes plan in the portal.
  const subscribed = info !== undefined && info.canManageSubscription && info.plan !== 'free' && info.status !== 'canceled';

  // A plan set by hand (no subscription, so no period) is the current one in either period.
  const onPlan = (plan: Plan) => info?.plan === plan.id && (info.period === null || info.period === period);

  const choose = async (plan: Plan) => {
    setChoosing(plan.id);
    try {
      const { data } = subscribed ? await portal.trigger() : await checkout.trigger({ body: { planId: plan.id as PaidPlanId, period } });
      goToProvider(data.url);
    } catch {
      setChoosing(null);
    }
  };

  return (
    <DashboardPage
      title="Subscription Plans"
      loading={!user}
      extra={(
        <Radio.Group
          aria-label="Billing period"
          optionType="button"
          buttonStyle="solid"
          value={period}
          onChange={(e) => setPeriod(e.target.value as BillingPeriod)}
          options={BILLING_PERIODS.map((p) => ({ label: PERIOD_LABEL[p], value: p }))}
        />
      )}
    >
      {billing.error && (
        <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={`Your current plan could not be loaded: ${extractErrorText(billing.error)}`} />
      )}
      {subscribed && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="You have a subscription: change its plan or billing period, or cancel it, with Manage subscription."
          action={<ManageSubscriptionButton />}
        />
      )}
      {(checkout.error ?? portal.error) && (
        <Alert type="error" showIcon role="alert" style={{ marginBottom: 16 }} title={extractErrorText(checkout.error ?? portal.error)} />
      )}
      <PlanGrid plans={plans} render={(plan) => (
        <PlanCard
          plan={plan}
          period={period}
          current={onPlan(plan)}
          currentPlanOtherPeriod={info?.plan === plan.id && info.period !== null && info.period !== period}
          subscribed={subscribed}
          choosing={choosing === plan.id}
          disabled={choosing !== null}
          onChoose={(p) => void choose(p)}
        />
      )} />
    </DashboardPage>
  );
}

/** The plans as they load: a loading block, the error with Retry, or one card per plan. */
function PlanGrid({ plans, render }: { plans: ReturnType<typeof usePlans>; render: (plan: Plan) => ReactNode }) {
  if (plans.error) return <LoadError error={plans.error.message} onRetry={() => void plans.mutate()} />;
  if (!plans.data) return <LoadingBlock label="Loading plans…" rows={8} />;
  if (plans.data.length === 0) return <Empty description="No plans are available right now" />;
  return (
    <Row gutter={[16, 16]}>
      {plans.data.map((plan) => <Col key={plan.id} xs={24} md={12} xl={6}>{render(plan)}</Col>)}
    </Row>
  );
}
