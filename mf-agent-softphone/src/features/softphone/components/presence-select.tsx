import { AWAY_REASON_LABELS, AWAY_REASONS, type AwayReasonValue } from 'shared-contracts';
import { Select } from 'shared-ui';
import type { Presence, PresenceApi } from '../hooks/use-presence';

const AWAY_PREFIX = 'away:';
const OPTIONS = [
  { value: 'available', label: 'Available' },
  ...AWAY_REASONS.map((reason) => ({ value: `${AWAY_PREFIX}${reason}`, label: `Away · ${AWAY_REASON_LABELS[reason]}` })),
  { value: 'offline', label: 'Offline' },
];
const BUSY_OPTION = { value: 'busy', label: 'Busy · on a call' };

const valueOf = (presence: Presence) => (presence.status === 'away' ? `${AWAY_PREFIX}${presence.awayReason}` : presence.status);
const presenceOf = (value: string): Presence =>
  value.startsWith(AWAY_PREFIX)
    ? { status: 'away', awayReason: value.slice(AWAY_PREFIX.length) as AwayReasonValue }
    : { status: value === 'offline' ? 'offline' : 'available' };

/** The agent's status, chosen in the softphone's header; on a call it reads Busy until the call ends. */
export function PresenceSelect({ presence }: { presence: PresenceApi }) {
  return (
    <Select
      aria-label="Your status"
      value={presence.busy ? BUSY_OPTION.value : valueOf(presence.chosen)}
      disabled={presence.busy}
      options={presence.busy ? [BUSY_OPTION] : OPTIONS}
      onChange={(value: string) => presence.choose(presenceOf(value))}
      style={{ width: 170, alignSelf: 'center' }}
    />
  );
}
