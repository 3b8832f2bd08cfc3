import { useState } from 'react';
import { useApi } from 'shared-auth';
import { contract, DeskReportFilter, fieldErrors, formatDuration, type DeskReport } from 'shared-contracts';
import {
  BarChart, Button, Col, DashboardPage, DataTable, Flex, Input, LoadError, LoadingBlock, PageCard, Row, Statistic, Typography, type TableColumnsType,
} from 'shared-ui';
import { downloadCsv, toCsv } from '../../reports/model/csv';
import { deskAgentCsv, deskDayCsv, dispositionName } from '../model/desk-csv';

const seconds = (value: number | null) => (value === null ? '—' : formatDuration(value));

/** "2026-03-10" (a day in the account's zone) → "Mar 10", read as a date with no zone shift. */
const dayLabel = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

const AGENT_COLUMNS: TableColumnsType<DeskReport['byAgent'][number]> = [
  { title: 'Agent', dataIndex: 'fullName', key: 'agent' },
  { title: 'Answered', dataIndex: 'answered', key: 'answered' },
  { title: 'Average handle time', key: 'handle', render: (_, a) => seconds(a.averageHandleSeconds) },
  {
    title: 'Wrap-ups', key: 'dispositions',
    render: (_, a) => a.dispositions.map((d) => `${dispositionName(d.disposition)} ${d.calls}`).join(' · ') || 'None',
  },
];

function Figures({ report }: { report: DeskReport }) {
  const { totals } = report;
  const figures: Array<[string, string | number]> = [
    ['Callers offered', totals.offered],
    ['Answered', totals.answered],
    ['Abandoned in queue', totals.abandoned],
    ['Average wait', seconds(totals.averageWaitSeconds)],
    ['90th percentile wait', seconds(totals.p90WaitSeconds)],
    ['Average handle time', seconds(totals.averageHandleSeconds)],
    ['Handed over by AI agents', totals.handedOver],
    ['Of them answered', totals.handedOverAnswered],
  ];
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 24 }} role="list" aria-label="Desk figures">
      {figures.map(([title, value]) => (
        <Col key={title} xs={12} md={6} role="listitem" aria-label={title}>
          <Statistic title={title} value={value} />
        </Col>
      ))}
    </Row>
  );
}

/**
 * dashboard/reports/desk: how the human agents did with the callers who waited for them (rang an
 * agent number, or were handed over by an AI agent), over days of the account's zone.
 */
export function DeskReportScreen() {
  const [range, setRange] = useState({ from: '', to: '' });
  const body = { ...(range.from ? { from: range.from } : {}), ...(range.to ? { to: range.to } : {}) };
  const problem = Object.values(fieldErrors(DeskReportFilter, body))[0];
  const report = useApi(contract.desk.getDeskReport, problem ? null : { body });
  const data = report.data?.data;

  return (
    <DashboardPage title="Desk">
      <PageCard title="Callers who waited for a person">
        <Flex gap={8} wrap align="center" style={{ marginBottom: 16 }}>
          <Input type="date" aria-label="From date" value={range.from} onChange={(e) => setRange((r) => ({ ...r, from: e.target.value }))} style={{ width: 160 }} />
          <Input type="date" aria-label="To date" value={range.to} onChange={(e) => setRange((r) => ({ ...r, to: e.target.value }))} style={{ width: 160 }} />
          {data && <Typography.Text type="secondary">{`${dayLabel(data.from)} to ${dayLabel(data.to)}`}</Typography.Text>}
          <Flex gap={8} style={{ marginLeft: 'auto' }}>
            <Button disabled={!data} onClick={() => data && downloadCsv(`desk-${data.from}-${data.to}.csv`, toCsv(data.byDay, deskDayCsv))}>Export days (CSV)</Button>
            <Button disabled={!data} onClick={() => data && downloadCsv(`desk-agents-${data.from}-${data.to}.csv`, toCsv(data.byAgent, deskAgentCsv))}>Export agents (CSV)</Button>
          </Flex>
        </Flex>
        {problem && <Typography.Text type="danger" role="alert">{problem}</Typography.Text>}
        {!problem && report.error && <LoadError error={report.error.message} onRetry={() => void report.mutate()} />}
        {!problem && !report.error && !data && <LoadingBlock label="Loading the desk report…" />}
        {!problem && data && (
          <>
            <Figures report={data} />
            <BarChart
              title="Callers per day"
              categories={data.byDay.map((d) => d.date)}
              formatCategory={dayLabel}
              series={[
                { name: 'Answered', values: data.byDay.map((d) => d.answered), color: '#1677ff' },
                { name: 'Abandoned', values: data.byDay.map((d) => d.abandoned), color: '#ff4d4f' },
              ]}
              xLabel="Day"
              yLabel="Callers"
            />
          </>
        )}
      </PageCard>
      {!problem && data && (
        <PageCard title="By agent">
          <DataTable label="Desk by agent" rowKey="agentId" columns={AGENT_COLUMNS} rows={data.byAgent} emptyText="No agent took a call in these days" />
        </PageCard>
      )}
    </DashboardPage>
  );
}
