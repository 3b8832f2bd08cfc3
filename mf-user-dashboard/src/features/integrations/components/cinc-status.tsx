import type { CincConnectionStatus } from 'shared-contracts';
import { StatusTag } from 'shared-ui';

const LABELS: Record<'connected' | 'disconnected' | 'none', string> = {
  connected: 'Connected',
  disconnected: 'Disconnected',
  none: 'Not connected',
};

/** The derived CINC CRM status: connected, disconnected (it was, and was removed) or none. */
export function CincStatus({ status }: { status: CincConnectionStatus }) {
  const key = status ?? 'none';
  return (
    <span role="status" aria-label="CINC status">
      <StatusTag status={key === 'connected' ? 'active' : key === 'disconnected' ? 'missed' : 'offline'} label={LABELS[key]} />
    </span>
  );
}
