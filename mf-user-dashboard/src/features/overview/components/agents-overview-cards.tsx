import { extractErrorText } from 'shared-contracts';
import { Col, Row } from 'shared-ui';
import { useAgentsOverview } from '../hooks/use-agents-overview';
import { AiAgentsCard } from './ai-agents-card';
import { CampaignPausedAlert } from './campaign-paused-alert';
import { HumanAgentsCard } from './human-agents-card';

/** The AI agents table and the human agents' availability, from one request. */
export function AgentsOverviewCards({ accountId, timeZone }: { accountId: string; timeZone: string }) {
  const { data, error, isLoading, mutate } = useAgentsOverview(accountId);
  const state = {
    overview: data?.data,
    loading: isLoading,
    error: error ? extractErrorText(error) : null,
    onRetry: () => void mutate(),
  };
  return (
    <>
    <CampaignPausedAlert agents={data?.data.agents} />
    <Row gutter={[24, 0]}>
      <Col xs={24} xl={16}>
        <AiAgentsCard {...state} timeZone={timeZone} />
      </Col>
      <Col xs={24} xl={8}>
        <HumanAgentsCard {...state} />
      </Col>
    </Row>
    </>
  );
}
