import { useState } from 'react';
import { useApiMutation } from 'shared-auth';
import { billingDateText, contract, extractErrorText, planName, type BillingInformation } from 'shared-contracts';
import { Alert, Button, Modal, Typography } from 'shared-ui';
import { FeaturesLostNotice } from '../../plan-features';

const RUNNING: ReadonlyArray<BillingInformation['status']> = ['active', 'trialing', 'past_due'];

/**
 * Cancel (at the end of the period paid for, after a confirmation that says the date) or, once
 * cancelled, Resume. The plan and its features stay until that date either way.
 */
export function SubscriptionEndActions({ info, onChanged }: { info: BillingInformation; onChanged: () => Promise<unknown> }) {
  const [confirming, setConfirming] = useState(false);
  const cancel = useApiMutation(contract.billing.cancelSubscription);
  const resume = useApiMutation(contract.billing.resumeSubscription);
  if (!info.canManageSubscription || !RUNNING.includes(info.status) || info.currentPeriodEnd === null) return null;
  const plan = planName(info.plan);
  const end = billingDateText(info.currentPeriodEnd, info);
  const error = cancel.error ?? resume.error;

  const run = async (action: typeof cancel | typeof resume) => {
    try {
      await action.trigger();
      await onChanged();
      setConfirming(false);
    } catch {
      // Shown below from the mutation's error.
    }
  };

  return (
    <>
      {info.cancelAtPeriodEnd ? (
        <Alert
          type="warning"
          showIcon
          role="status"
          style={{ marginTop: 16 }}
          title={`${plan} ends on ${end}`}
          description="You keep every feature of your plan until then. After that the account moves to the free plan and is not charged again."
          action={<Button type="primary" loading={resume.isMutating} onClick={() => void run(resume)}>Resume subscription</Button>}
        />
      ) : (
        <Button danger style={{ marginTop: 16 }} onClick={() => setConfirming(true)}>Cancel subscription</Button>
      )}
      {error && !confirming && <Alert type="error" showIcon role="alert" style={{ marginTop: 8 }} title={extractErrorText(error)} />}
      <Modal
        open={confirming}
        title={`Cancel ${plan}?`}
        okText={`Cancel on ${end}`}
        okButtonProps={{ danger: true, loading: cancel.isMutating }}
        cancelText="Keep my plan"
        onOk={() => void run(cancel)}
        onCancel={() => setConfirming(false)}
        destroyOnHidden
      >
        <Typography.Paragraph>
          You keep {plan} until {end}. After that the account moves to the free plan and is not charged again. You can resume before then.
        </Typography.Paragraph>
        <FeaturesLostNotice from={info.plan} to="free" when={end} />
        {cancel.error && <Alert type="error" showIcon role="alert" title={extractErrorText(cancel.error)} />}
      </Modal>
    </>
  );
}
