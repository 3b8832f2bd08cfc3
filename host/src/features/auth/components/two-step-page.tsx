import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useApiMutation } from 'shared-auth';
import { contract, extractErrorText } from 'shared-contracts';
import { Alert, Flex } from 'shared-ui';
import { getPendingSignIn } from '../model/pending-sign-in';
import { AuthCard } from './auth-card';
import { TwoStepCodeForm } from './two-step-code-form';
import { Paragraph } from '../../../ui/text';

/** auth/two-step: the code sent after a correct password, for accounts with two-step on. */
export function TwoStepPage() {
  const [pending] = useState(getPendingSignIn);
  const send = useApiMutation(contract.auth.send2FACode);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [sendError, setSendError] = useState<string | null>(null);

  const sendCode = async () => {
    if (!pending) return;
    setSendError(null);
    try {
      const { data } = await send.trigger({ body: pending });
      setSentTo(data.sentTo);
    } catch (error) {
      setSendError(extractErrorText(error));
    }
  };

  useEffect(() => {
    void sendCode();
    // Once per visit: a re-render must not send another code (each one replaces the last).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (!pending) {
    return (
      <AuthCard title="Two-step verification">
        <Paragraph>Sign in with your email and password first; we then send you a code.</Paragraph>
        <Link to="/auth/login">Sign in</Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Two-step verification">
      <Flex vertical gap={16}>
        {sentTo && <span>We sent a 6-digit code to <strong>{sentTo}</strong>. It works for 10 minutes.</span>}
        {sendError && <Alert type="error" showIcon role="alert" title={sendError} />}
        <TwoStepCodeForm email={pending.email} onResend={sendCode} resending={send.isMutating} />
      </Flex>
    </AuthCard>
  );
}
