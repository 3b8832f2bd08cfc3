import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { useSessionUser } from 'shared-auth';
import { HOME_BY_ROLE } from 'shared-contracts';
import { Alert, Divider, LoadingBlock } from 'shared-ui';
import { GoogleSignInButton } from '../google/components/google-sign-in-button';
import { useGoogleCodeReturn } from '../google/hooks/use-google-code-return';
import { googleSignInConfig } from '../google/model/google-config';
import { ROLE_LABELS, parseRole } from '../model/role-labels';
import { AuthCard } from './auth-card';
import { LoginForm } from './login-form';
import { Paragraph } from '../../../ui/text';

/** auth/login: email and password (or Google); `?role=` shows the role chosen on the previous screen. */
export function LoginPage() {
  const user = useSessionUser();
  const [search] = useSearchParams();
  const role = parseRole(search.get('role'));
  const google = useGoogleCodeReturn();
  if (user) return <Navigate to={HOME_BY_ROLE[user.role]} replace />;

  return (
    <AuthCard title="Sign in">
      {role && (
        <Paragraph>
          Signing in as <strong>{ROLE_LABELS[role]}</strong> · <Link to="/auth/login/role">Change</Link>
        </Paragraph>
      )}
      {google.pending && <LoadingBlock label="Signing in with Google…" rows={1} />}
      {google.error && <Alert type="error" showIcon role="alert" title={google.error} style={{ marginBottom: 16 }} />}
      <LoginForm />
      {googleSignInConfig() && (
        <>
          <Divider plain>or</Divider>
          <GoogleSignInButton />
        </>
      )}
    </AuthCard>
  );
}
