import { Outlet } from 'react-router-dom';
import { useAuthState, useTokenCheck } from 'shared-auth';
import { FloatingSoftphone } from '../features/softphone/floating-softphone';
import { FullScreenLoading } from './screen-loading';

/** Above every route: checks the stored token on each path change and waits for the answer. */
export function RootShell() {
  useTokenCheck();
  const { tokenChecked } = useAuthState();
  if (!tokenChecked) return <FullScreenLoading />;
  return (
    <>
      <Outlet />
      {/* Here rather than in the layout, so a call survives every navigation. */}
      <FloatingSoftphone />
    </>
  );
}
