import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { useSessionUser } from 'shared-auth';
import { HOME_BY_ROLE } from 'shared-contracts';
import { Typography } from 'shared-ui';
import { AuthCard } from './auth-card';
import { LoginForm } from './login-form';
import { ROLE_LABELS, parseRole } from './role-labels';

/** auth/login: email and password; `?role=` shows the role chosen on the previous screen. */
export function LoginPage() {
  const user = useSessionUser();
  const [search] = useSearchParams();
  const role = parseRole(search.get('role'));
  if (user) return <Navigate to={HOME_BY_ROLE[user.role]} replace />;

  return (
    <AuthCard title="Sign in">
      {role && (
        <Typography.Paragraph>
          Signing in as <strong>{ROLE_LABELS[role]}</strong> · <Link to="/auth/login/role">Change</Link>
        </Typography.Paragraph>
      )}
      <LoginForm />
    </AuthCard>
  );
}
