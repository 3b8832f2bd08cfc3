import { notify, useApiMutation } from 'shared-auth';
import { contract } from 'shared-contracts';
import { Button } from 'shared-ui';

/** Sends the verification link again; the answer is the same whether or not the address is known. */
export function ResendVerificationButton({ email }: { email: string }) {
  const resend = useApiMutation(contract.auth.resendVerification);
  const onClick = async () => {
    try {
      const { data } = await resend.trigger({ body: { email } });
      notify.success(data.message);
    } catch (error) {
      notify.error(error);
    }
  };
  return <Button onClick={onClick} loading={resend.isMutating}>Send the link again</Button>;
}
