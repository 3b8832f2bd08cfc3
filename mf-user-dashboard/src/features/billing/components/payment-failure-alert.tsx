import { billingDateText, planName, type BillingInformation } from 'shared-contracts';
import { Alert } from 'shared-ui';

/** A renewal charge that failed and is not paid yet: what happened, when the card is tried again, and what to do. */
export function PaymentFailureAlert({ info }: { info: BillingInformation }) {
  const failure = info.paymentFailure;
  if (failure === null) return null;
  const retry = failure.nextAttemptAt
    ? ` We will try your card again on ${billingDateText(failure.nextAttemptAt, info)}.`
    : ' No further attempt is scheduled.';
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      style={{ marginBottom: 16 }}
      title={`Your payment failed on ${billingDateText(failure.failedAt, info)}`}
      description={`${retry.trim()} Update your card with Manage subscription to keep ${planName(info.plan)}.`}
    />
  );
}
