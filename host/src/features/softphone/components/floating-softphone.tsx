import { Suspense } from 'react';
import { useSessionUser } from 'shared-auth';
import { RemoteBoundary } from '../../../federation/remote-boundary';
import { useRemoteScreen } from '../../../federation/remote-screens';

const corner = { position: 'fixed', right: 24, bottom: 24, zIndex: 1000 } as const;

function Softphone() {
  const Screen = useRemoteScreen('agentSoftphone', 'Softphone');
  return (
    <div style={corner}>
      {/* Optional widget: when its remote is missing the page simply goes without it. */}
      <RemoteBoundary remote="agentSoftphone" fallback="none">
        <Suspense fallback={null}>
          <Screen />
        </Suspense>
      </RemoteBoundary>
    </div>
  );
}

/** AGENT only: the floating softphone from the agentSoftphone remote, bottom-right. */
export function FloatingSoftphone() {
  const user = useSessionUser();
  return user?.role === 'AGENT' ? <Softphone /> : null;
}
