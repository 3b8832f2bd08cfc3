import { useApi } from 'shared-auth';
import { CALL_TRANSFER_TEXT, contract } from 'shared-contracts';
import { Button, Typography } from 'shared-ui';
import type { SoftphoneApi } from '../hooks/use-softphone';
import { PANEL_CARD_STYLE } from './panel-card';

/** Beside the open panel while a warm transfer is under way: who is rung or on the line, and the way on (hand over) or back (to the caller). */
export function ConsultBar({ phone }: { phone: SoftphoneApi }) {
  const { consult } = phone.state;
  const team = useApi(contract.agent.getTeam, {});
  if (consult === null) return null;
  const name = team.data?.data.find((member) => member.agentId === consult.colleagueId)?.fullName ?? 'your colleague';
  return (
    <section aria-label="Warm transfer" style={{ ...PANEL_CARD_STYLE, padding: 12, width: 260 }}>
      <Typography.Text style={{ display: 'block', marginBottom: 6 }}>
        {consult.state === 'ringing' ? CALL_TRANSFER_TEXT.consultRinging(name) : CALL_TRANSFER_TEXT.consultTalking(name)}
      </Typography.Text>
      <span style={{ display: 'flex', gap: 6 }}>
        <Button size="small" type="primary" disabled={consult.state !== 'talking'} onClick={phone.completeTransfer}>{CALL_TRANSFER_TEXT.complete}</Button>
        <Button size="small" onClick={phone.cancelConsult}>{CALL_TRANSFER_TEXT.cancel}</Button>
      </span>
    </section>
  );
}
