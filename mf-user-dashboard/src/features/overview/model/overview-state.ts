import type { AgentsOverview } from 'shared-contracts';

/** What both agent cards get from the one overview request. */
export interface OverviewState {
  overview: AgentsOverview | undefined;
  loading: boolean;
  error: string | null;
  onRetry: () => void;
}
