import { Suspense } from 'react';
import { ScreenLoading } from '../app/screen-loading';
import { RouteReady } from '../app/route-ready';
import { RemoteBoundary } from './remote-boundary';
import { useRemoteScreen } from './remote-screens';
import type { RemoteName } from './remotes';

/** A routed screen that a remote exposes, loaded on first visit. */
export function RemoteScreen({ remote, screen }: { remote: RemoteName; screen: string }) {
  const Screen = useRemoteScreen(remote, screen);
  return (
    <RemoteBoundary remote={remote}>
      <Suspense fallback={<ScreenLoading />}>
        <Screen />
        <RouteReady />
      </Suspense>
    </RemoteBoundary>
  );
}
