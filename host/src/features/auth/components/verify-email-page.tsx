import { Link, useSearchParams } from 'react-router-dom';
import { useApi } from 'shared-auth';
import { contract, extractErrorText } from 'shared-contracts';
import { Alert, Flex, LoadingBlock } from 'shared-ui';
import { AuthCard } from './auth-card';
import { ResendVerificationButton } from './resend-verification-button';

/** auth/verify-email?token=…&email=…: the link from the registration email. */
export function VerifyEmailPage() {
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const email = search.get('email') ?? '';
  // Verifying uses the link up, so it must run once: no revalidation on focus or reconnect.
  const { data, error, isLoading } = useApi(
    contract.auth.verifyEmail,
    token && email ? { query: { token, email } } : null,
    { revalidateOnFocus: false, revalidateOnReconnect: false, revalidateIfStale: false, shouldRetryOnError: false },
  );

  if (!token || !email) {
    return (
      <AuthCard title="Verify email">
        <Alert type="error" showIcon role="alert" title="This verification link is incomplete. Open the link from the email again." />
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Verify email">
      {isLoading && <LoadingBlock label="Confirming your email…" rows={2} />}
      {data && (
        <Flex vertical gap={16}>
          <Alert type="success" showIcon title={`${data.data.email} is confirmed.`} />
          <Link to="/auth/login">Sign in</Link>
        </Flex>
      )}
      {error && (
        <Flex vertical gap={16}>
          <Alert type="error" showIcon role="alert" title={extractErrorText(error)} />
          <span>Need a new link for {email}?</span>
          <Flex gap={12} align="center">
            <ResendVerificationButton email={email} />
            <Link to="/auth/login">Sign in</Link>
          </Flex>
        </Flex>
      )}
    </AuthCard>
  );
}
