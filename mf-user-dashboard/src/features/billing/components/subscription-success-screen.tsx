import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useSessionUser } from 'shared-auth';
import { billingTimeZone, extractErrorText, planName, type CheckoutSession } from 'shared-contracts';
import { Button, DashboardPage, LoadError, LoadingBlock, Result, formatDate } from 'shared-ui';
import { useBillingInformation } from '../hooks/use-billing';
import { CONFIRM_WAIT_MS, useCheckoutConfirmation, type CheckoutConfirmation } from '../hooks/use-checkout-confirmation';
import { PERIOD_LABEL } from '../model/plan-format';

const billingLink = (primary = false) => (
  <Link key="billing" to="/dashboard/billing-information"><Button type={primary ? 'primary' : 'default'}>Go to billing information</Button></Link>
);
const plansLink = (primary = false) => (
  <Link key="plans" to="/dashboard/subscription-plans"><Button type={primary ? 'primary' : 'default'}>Back to plans</Button></Link>
);

const TITLE: Record<CheckoutConfirmation['kind'], string> = {
  none: 'No payment to confirm',
  'not-found': 'Checkout not found',
  failed: 'Confirming your payment',
  loading: 'Confirming your payment',
  waiting: 'Confirming your payment',
  unconfirmed: 'Payment not confirmed yet',
  'not-completed': 'Checkout not completed',
  completed: 'Subscription confirmed',
};

/** The plan the paid checkout put in force, with its renewal date once the subscription shows it. */
function Confirmed({ session, accountId }: { session: CheckoutSession; accountId: string | undefined }) {
  const billing = useBillingInformation(accountId);
  const info = billing.data?.data;
  if (billing.error) return <LoadError error={extractErrorText(billing.error)} onRetry={() => void billing.mutate()} />;
  if (!info) return <LoadingBlock label="Loading your subscription…" />;
  const renews = info.plan === session.planId && info.currentPeriodEnd
    ? `, renews on ${formatDate(info.currentPeriodEnd, billingTimeZone(info))}` : '';
  return (
    <Result
      status="success"
      title={`You are now on the ${planName(session.planId)} plan`}
      subTitle={`${PERIOD_LABEL[session.period]} billing${renews}. Thank you for your payment.`}
      extra={[billingLink(true), plansLink()]}
    />
  );
}

function Outcome({ state, accountId }: { state: CheckoutConfirmation; accountId: string | undefined }): ReactNode {
  switch (state.kind) {
    case 'none':
      return (
        <Result status="warning" title="There is no payment to confirm"
          subTitle="This page confirms a checkout, and the link that opened it names none. Your billing information shows your plan and payments."
          extra={[billingLink(true), plansLink()]} />
      );
    case 'not-found':
      return (
        <Result status="warning" title="We could not find this checkout"
          subTitle="The link may be incomplete, or the checkout belongs to another account. Your billing information shows your plan and payments."
          extra={[billingLink(true), plansLink()]} />
      );
    case 'failed':
      return <LoadError error={extractErrorText(state.error)} onRetry={state.retry} />;
    case 'loading':
      return <LoadingBlock label="Loading your subscription…" />;
    case 'waiting':
      return (
        <Result status="info" title="We are confirming your payment…" subTitle="This page updates by itself in a few seconds."
          extra={[billingLink(), plansLink()]} />
      );
    case 'unconfirmed':
      return (
        <Result status="warning" title="Your payment is not confirmed yet"
          subTitle={`The payment provider has not confirmed your ${planName(state.session.planId)} checkout yet. If you paid, your plan changes as soon as it does; if you did not finish paying, nothing was charged.`}
          extra={[<Button key="again" type="primary" onClick={state.checkAgain}>Check again</Button>, billingLink(), plansLink()]} />
      );
    case 'not-completed':
      // A checkout is cancelled only when it was paid while the account already had a subscription.
      if (state.session.status === 'canceled') {
        return (
          <Result status="warning" title="Your account already had a subscription"
            subTitle="This checkout was paid after another one of yours, so its subscription was cancelled and your plan has not changed. Its payment is listed with your invoices; send a support request to have it refunded."
            extra={[
              billingLink(true),
              <Link key="support" to="/dashboard/support-desk"><Button>Send a support request</Button></Link>,
            ]} />
        );
      }
      return (
        <Result status="warning" title="This checkout was not completed"
          subTitle={`${state.session.status === 'expired' ? 'It expired before it was paid. ' : ''}No payment was taken and your plan has not changed.`}
          extra={[plansLink(true), billingLink()]} />
      );
    case 'completed':
      return <Confirmed session={state.session} accountId={accountId} />;
  }
}

/**
 * dashboard/subscription-plans/success: where the checkout returns with `session_id`; confirms
 * that checkout once the provider has, and says so plainly when it has not within the wait.
 */
export function SubscriptionSuccessScreen({ confirmWaitMs = CONFIRM_WAIT_MS }: { confirmWaitMs?: number }) {
  const user = useSessionUser();
  const [search] = useSearchParams();
  const state = useCheckoutConfirmation(search.get('session_id'), confirmWaitMs);
  return (
    <DashboardPage title={TITLE[state.kind]} loading={!user}>
      <Outcome state={state} accountId={user?.accountId} />
    </DashboardPage>
  );
}
