import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useApi, useServerMessage, useSessionUser } from 'shared-auth';
import { CALL_HOLD_TEXT, CALL_SUPERVISION_TEXT, CALL_TRANSFER_TEXT, contract, formatDuration, presenceLabelOf, timeInStatusText, type LiveDesk } from 'shared-contracts';
import { DashboardPage, DataTable, LoadError, LoadingBlock, PageCard, StatusTag, Typography, type TableColumnsType } from 'shared-ui';
import { useSupervision, type Supervision } from '../hooks/use-supervision';
import { AddAgentButton } from './add-agent-dialog';
import { SuperviseCell } from './supervise-cell';

type Agent = LiveDesk['agents'][number];
type Waiting = LiveDesk['queue'][number];
type AiCall = LiveDesk['aiCalls'][number];

const since = (time: string, now: number) => formatDuration(Math.max(0, now - Date.parse(time)) / 1000);
const SPEAKERS = { ai: 'AI', lead: 'Caller', agent: 'Agent', system: 'System' } as const;

/** Now, once a second: the board's times count up between the server's updates. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

const agentColumns = (now: number, agents: Agent[], supervision: Supervision, me: string | undefined): TableColumnsType<Agent> => [
  { title: 'Agent', dataIndex: 'fullName', key: 'agent' },
  { title: 'Status', key: 'status', render: (_, a) => <StatusTag status={a.status} label={presenceLabelOf(a) ?? undefined} /> },
  { title: 'Time in status', key: 'time', render: (_, a) => timeInStatusText(a, now) ?? '—' },
  {
    title: 'Current call', key: 'call',
    render: (_, a) => {
      const call = a.currentCall;
      if (!call) return '—';
      const held = call.heldSince === null ? '' : ` · ${CALL_HOLD_TEXT.onHold} ${since(call.heldSince, now)}`;
      const colleague = call.consultWith ? agents.find((other) => other.agentId === call.consultWith)?.fullName : undefined;
      const handing = colleague === undefined ? '' : ` · ${CALL_TRANSFER_TEXT.handingOverTo(colleague)}`;
      const supervised = call.supervision ? ` · ${call.supervision.supervisorName} ${CALL_SUPERVISION_TEXT.state[call.supervision.mode]}` : '';
      return `${call.callerName ?? call.phoneNumber} · ${since(call.since, now)}${held}${handing}${supervised}`;
    },
  },
  { title: 'Supervise', key: 'supervise', render: (_, a) => <SuperviseCell agent={a} supervision={supervision} me={me} /> },
];

const queueColumns = (now: number): TableColumnsType<Waiting> => [
  { title: 'Caller', key: 'caller', render: (_, q) => q.callerName ?? q.phoneNumber },
  { title: 'Waiting', key: 'waiting', render: (_, q) => since(q.enqueuedAt, now) },
  {
    title: 'From', key: 'from',
    render: (_, q) => (q.handedOverBy ? `Handed over by ${q.handedOverBy}${q.reason ? `: ${q.reason}` : ''}` : 'Rang an agent number'),
  },
];

const aiColumns = (now: number): TableColumnsType<AiCall> => [
  { title: 'AI agent', dataIndex: 'aiAgentName', key: 'agent' },
  { title: 'Caller', key: 'caller', render: (_, c) => c.callerName ?? c.phoneNumber },
  { title: 'Duration', key: 'duration', render: (_, c) => since(c.startedAt, now) },
  { title: 'Last said', key: 'line', render: (_, c) => (c.lastLine ? `${SPEAKERS[c.lastLine.authorType]}: ${c.lastLine.content}` : 'Nothing yet') },
  { title: 'Transcript', key: 'open', render: (_, c) => <Link to={`/dashboard/calls/${c.callId}/conversation`}>Follow live</Link> },
];

/**
 * dashboard/live-desk: the account's desk as it stands, for the person who runs it: each human
 * agent's status and call, the callers waiting for a person (longest first, and who handed them
 * over), and the AI agents' calls with what was last said. The USER listens to an agent's call,
 * whispers to the agent or barges in from here. It follows the realtime socket: a status, queue,
 * hold, supervision or call change reads the desk again, and a new line of an AI call is put in place.
 */
export function LiveDeskScreen() {
  const desk = useApi(contract.desk.getLiveDesk, {}, { refreshInterval: 15_000 });
  const now = useNow();
  const reread = () => void desk.mutate();
  const me = useSessionUser()?.id;
  const supervision = useSupervision(reread);
  useServerMessage('STATUS_UPDATED', reread);
  useServerMessage('QUEUE_UPDATED', reread);
  useServerMessage('DISCONNECT_CALL', reread);
  useServerMessage('CALL_HOLD_CHANGED', reread);
  useServerMessage('CALL_CONSULT_CHANGED', reread);
  useServerMessage('CALL_SUPERVISION_CHANGED', reread);
  useServerMessage('LIVE_CALL_ENDED', reread);
  useServerMessage('TRANSCRIPT_UPDATED', ({ callId, message }) => {
    const current = desk.data?.data;
    if (!current?.aiCalls.some((c) => c.callId === callId)) return reread();
    const aiCalls = current.aiCalls.map((c) => (c.callId === callId ? { ...c, lastLine: { authorType: message.authorType, content: message.content } } : c));
    void desk.mutate({ data: { ...current, aiCalls } }, { revalidate: false });
  });
  const data = desk.data?.data;
  const longest = data?.queue[0];

  return (
    <DashboardPage title="Live desk">
      {desk.error && !data && <LoadError error={desk.error.message} onRetry={reread} />}
      {!desk.error && !data && <LoadingBlock label="Loading the desk…" />}
      {data && (
        <>
          <PageCard title="Agents" extra={<AddAgentButton onAdded={reread} />}>
            <DataTable label="Agents" rowKey="agentId" columns={agentColumns(now, data.agents, supervision, me)} rows={data.agents} emptyText="No human agents in this account" />
          </PageCard>
          <PageCard title="Waiting for a person" extra={longest ? <Typography.Text>{`Longest wait ${since(longest.enqueuedAt, now)}`}</Typography.Text> : undefined}>
            <DataTable label="Waiting for a person" rowKey="id" columns={queueColumns(now)} rows={data.queue} emptyText="Nobody is waiting" />
          </PageCard>
          <PageCard title="AI agents' calls">
            <DataTable label="AI agents' calls" rowKey="callId" columns={aiColumns(now)} rows={data.aiCalls} emptyText="No AI agent is on a call" />
          </PageCard>
        </>
      )}
    </DashboardPage>
  );
}
