import { Link } from 'react-router-dom';
import { Button } from 'shared-ui';
import { StatusPanel } from '../../../ui/status-panel';

export function NotFoundPage() {
  return (
    <StatusPanel
      fullScreen
      code="404"
      title="Page not found"
      description="There is no page at this address."
      action={
        <Link to="/">
          <Button type="primary">Back to home</Button>
        </Link>
      }
    />
  );
}
