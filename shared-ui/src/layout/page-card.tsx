import type { CardProps } from '../antd';
import { Card } from '../antd';

export type PageCardProps = CardProps;

/** A titled block of a dashboard page; cards on one page are spaced evenly. */
export function PageCard({ style, ...props }: PageCardProps) {
  return <Card style={{ marginBottom: 24, ...style }} {...props} />;
}
