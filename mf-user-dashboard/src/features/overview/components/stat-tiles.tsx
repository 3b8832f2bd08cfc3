import { formatDuration, type CallStats } from 'shared-contracts';
import { Col, Row, Statistic } from 'shared-ui';

export function StatTiles({ stats }: { stats: CallStats }) {
  const tiles = [
    { title: 'Total calls', value: stats.total },
    { title: 'Inbound', value: stats.inbound },
    { title: 'Outbound', value: stats.outbound },
    { title: 'Answered', value: stats.answered },
    { title: 'Missed', value: stats.missed },
    { title: 'Avg duration', value: formatDuration(stats.averageDurationSeconds) },
  ];
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 24 }} role="list" aria-label="Call statistics">
      {tiles.map((tile) => (
        <Col key={tile.title} xs={12} md={8} xl={4} role="listitem" aria-label={`${tile.title}: ${tile.value}`}>
          <Statistic title={tile.title} value={tile.value} />
        </Col>
      ))}
    </Row>
  );
}
