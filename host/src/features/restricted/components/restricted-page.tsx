import { Link } from 'react-router-dom';
import { useSessionUser } from 'shared-auth';
import { HOME_BY_ROLE } from 'shared-contracts';
import { Button } from 'shared-ui';
import { StatusPanel } from '../../../ui/status-panel';

/** restricted: the signed-in role may not open the page it asked for. */
export function RestrictedPage() {
  const user = useSessionUser();
  const home = user ? HOME_BY_ROLE[user.role] : '/auth/login/role';
  return (
    <StatusPanel
      fullScreen
      code="403"
      title="Restricted"
      description="Your account cannot open that page. It is available to other roles only."
      action={
        <Link to={home}>
          <Button type="primary">Back to home</Button>
        </Link>
      }
    />
  );
}
