import type { DeskReport } from 'shared-contracts';
import type { CsvColumn } from '../../reports/model/csv';

type Day = DeskReport['byDay'][number];
type Agent = DeskReport['byAgent'][number];

/** One row per day, every figure of the desk report. */
export const deskDayCsv: CsvColumn<Day>[] = [
  { header: 'Date', value: (d) => d.date },
  { header: 'Offered', value: (d) => d.offered },
  { header: 'Answered', value: (d) => d.answered },
  { header: 'Abandoned', value: (d) => d.abandoned },
  { header: 'Average wait (s)', value: (d) => d.averageWaitSeconds },
  { header: '90th percentile wait (s)', value: (d) => d.p90WaitSeconds },
  { header: 'Average handle time (s)', value: (d) => d.averageHandleSeconds },
  { header: 'Handed over by AI agents', value: (d) => d.handedOver },
  { header: 'Handed over and answered', value: (d) => d.handedOverAnswered },
];

/** A disposition as the report names it: a call whose wrap-up time ran out has none. */
export const dispositionName = (disposition: string | null) => disposition ?? 'Not wrapped up';

/** One row per agent: calls answered, handle time and their wrap-ups. */
export const deskAgentCsv: CsvColumn<Agent>[] = [
  { header: 'Agent', value: (a) => a.fullName },
  { header: 'Answered', value: (a) => a.answered },
  { header: 'Average handle time (s)', value: (a) => a.averageHandleSeconds },
  { header: 'Dispositions', value: (a) => a.dispositions.map((d) => `${dispositionName(d.disposition)}: ${d.calls}`).join('; ') },
];
