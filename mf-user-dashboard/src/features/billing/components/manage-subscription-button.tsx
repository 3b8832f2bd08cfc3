import { useApiMutation } from 'shared-auth';
import { contract, extractErrorText } from 'shared-contracts';
import { Alert, Button } from 'shared-ui';
import { goToProvider } from '../api/go-to-provider';

/** Opens the payment provider's customer portal: change or cancel the plan, update the card. */
export function ManageSubscriptionButton() {
  const portal = useApiMutation(contract.billing.createPortalSession);
  const open = async () => {
    try {
      const { data } = await portal.trigger();
      goToProvider(data.url);
    } catch {
      // Shown below from portal.error.
    }
  };
  return (
    <>
      <Button type="primary" loading={portal.isMutating} onClick={() => void open()}>Manage subscription</Button>
      {portal.error && <Alert type="error" showIcon role="alert" style={{ marginTop: 8 }} title={extractErrorText(portal.error)} />}
    </>
  );
}
