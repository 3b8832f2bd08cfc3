import { Outlet } from 'react-router-dom';
import { useActivityKeepalive, useAuthState, useTokenCheck } from 'shared-auth';
import { FloatingSoftphone } from '../features/softphone/components/floating-softphone';
import { useFrameHeld } from './first-screen';
import { FullScreenLoading } from './screen-loading';

/** Above every route: checks the stored token on each path change and waits for the answer
 *  (and, on a deep link to a remote's screen, for the screen's code: see first-screen.ts). */
export function RootShell() {
  useTokenCheck();
  useActivityKeepalive();
  const { tokenChecked, sessionUser } = useAuthState();
  const frameHeld = useFrameHeld();
  // Nobody signed in: no frame to hold, the guard sends them to sign in straight away.
  if (!tokenChecked || (frameHeld && sessionUser)) return <FullScreenLoading />;
  return (
    <>
      <Outlet />
      {/* Here rather than in the layout, so a call survives every navigation. */}
      <FloatingSoftphone />
    </>
  );
}
