import { useEffect, useState } from 'react';
import { useApi, useLiveTeam, useSessionUser } from 'shared-auth';
import { CALL_TRANSFER_TEXT, contract, presenceLabelOf, timeInStatusText } from 'shared-contracts';
import { Button, Input, LoadError, Skeleton, StatusTag, Typography } from 'shared-ui';

/**
 * The agent's colleagues with their presence and the time in it, live, while the panel is open;
 * on a call, an available colleague can be handed the caller (`onTransfer`).
 */
export function TeamPanel({ onTransfer, onConsult, onTransferToNumber }: {
  onTransfer?: ((agentId: string) => void) | undefined;
  onConsult?: ((agentId: string) => void) | undefined;
  onTransferToNumber?: ((phoneNumber: string) => void) | undefined;
}) {
  const [number, setNumber] = useState('');
  const me = useSessionUser()?.id;
  const { data, error, mutate } = useApi(contract.agent.getTeam, {});
  const team = useLiveTeam(data?.data ?? []).filter((member) => member.agentId !== me);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <section aria-label="Team" style={{ padding: 12, minWidth: 260 }}>
      <Typography.Title level={5} style={{ marginTop: 0 }}>Team</Typography.Title>
      {error ? <LoadError error={error.message} onRetry={() => void mutate()} /> : !data ? <Skeleton active paragraph={{ rows: 2 }} /> : team.length === 0 ? (
        <Typography.Text type="secondary">No other agents in this account</Typography.Text>
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {team.map((member) => (
            <li key={member.agentId} aria-label={member.fullName} style={{ display: 'flex', justifyContent: 'space-between', gap: 12, padding: '6px 0' }}>
              <Typography.Text>{member.fullName}</Typography.Text>
              <span style={{ textAlign: 'right' }}>
                <StatusTag status={member.status} label={presenceLabelOf(member) ?? undefined} />
                {onTransfer && onConsult && member.status === 'available' && (
                  <span style={{ display: 'flex', gap: 4, marginTop: 4 }}>
                    <Button size="small" aria-label={`${CALL_TRANSFER_TEXT.transfer} to ${member.fullName}`} onClick={() => onTransfer(member.agentId)}>
                      {CALL_TRANSFER_TEXT.transfer}
                    </Button>
                    <Button size="small" aria-label={`${CALL_TRANSFER_TEXT.talkFirst} with ${member.fullName}`} onClick={() => onConsult(member.agentId)}>
                      {CALL_TRANSFER_TEXT.talkFirst}
                    </Button>
                  </span>
                )}
                {timeInStatusText(member, now) !== null && (
                  <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>{timeInStatusText(member, now)}</Typography.Text>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
      {onTransferToNumber && (
        <form
          aria-label={CALL_TRANSFER_TEXT.toNumber}
          style={{ display: 'flex', gap: 6, marginTop: 10 }}
          onSubmit={(event) => {
            event.preventDefault();
            if (number.trim() !== '') onTransferToNumber(number.trim());
          }}
        >
          <Input size="small" aria-label="Number to transfer to" placeholder="+1 555 010 0000" value={number} onChange={(event) => setNumber(event.target.value)} />
          <Button size="small" htmlType="submit" disabled={number.trim() === ''}>{CALL_TRANSFER_TEXT.transfer}</Button>
        </form>
      )}
    </section>
  );
}
