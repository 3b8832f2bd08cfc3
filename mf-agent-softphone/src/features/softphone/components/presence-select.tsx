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
const WRAP_UP_OPTION = { value: 'wrap-up', label: 'Wrap-up', disabled: true };

const valueOf = (presence: Presence) => (presence.status === 'away' ? `${AWAY_PREFIX}${presence.awayReason}` : presence.status);
const presenceOf = (value: string): Presence =>
  value.startsWith(AWAY_PREFIX)
    ? { status: 'away', awayReason: value.slice(AWAY_PREFIX.length) as AwayReasonValue }
    : { status: value === 'offline' ? 'offline' : 'available' };

/**
 * The agent's status, chosen in the softphone's header; on a call it reads Busy until the call
 * ends, then Wrap-up until its wrap-up is done (away or offline can still be chosen meanwhile).
 */
export function PresenceSelect({ presence }: { presence: PresenceApi }) {
  const wrappingUp = presence.wrappingUp && presence.chosen.status === 'available';
  const value = presence.busy ? BUSY_OPTION.value : wrappingUp ? WRAP_UP_OPTION.value : valueOf(presence.chosen);
  return (
    <Select
      aria-label="Your status"
      value={value}
      disabled={presence.busy}
      options={presence.busy ? [BUSY_OPTION] : wrappingUp ? [WRAP_UP_OPTION, ...OPTIONS.slice(1)] : OPTIONS}
      onChange={(value: string) => presence.choose(presenceOf(value))}
      style={{ width: 170, alignSelf: 'center' }}
    />
  );
}
