import { useState } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { useSessionUser } from 'shared-auth';
import { HOME_BY_ROLE } from 'shared-contracts';
import { Flex } from 'shared-ui';
import { AuthCard } from './auth-card';
import { RegisterForm } from './register-form';
import { ResendVerificationButton } from './resend-verification-button';
import { Paragraph } from '../../../ui/text';

/** auth/register: create an account, then confirm the address from the emailed link. */
export function RegisterPage() {
  const user = useSessionUser();
  const [sentTo, setSentTo] = useState<string | null>(null);
  if (user) return <Navigate to={HOME_BY_ROLE[user.role]} replace />;
  if (sentTo) {
    return (
      <AuthCard title="Check your email">
        <Paragraph>
          We sent a link to <strong>{sentTo}</strong>. Open it to confirm your address, then sign in.
        </Paragraph>
        <Flex gap={12} align="center" wrap>
          <ResendVerificationButton email={sentTo} />
          <Link to="/auth/login">Sign in</Link>
        </Flex>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Create account">
      <RegisterForm onRegistered={setSentTo} />
    </AuthCard>
  );
}
