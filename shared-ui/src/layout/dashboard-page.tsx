import { useId, type ReactNode } from 'react';
import { ArrowLeftOutlined, Button, Flex, Spin, Typography } from '../antd';
import { Breadcrumbs, type BreadcrumbItem } from './breadcrumbs';
import { VisuallyHidden } from './visually-hidden';

export interface DashboardPageProps {
  title: ReactNode;
  breadcrumbs?: readonly BreadcrumbItem[];
  /** Actions shown at the right of the title. */
  extra?: ReactNode;
  /** Shows a "Go back" button before the title. */
  onBack?: () => void;
  /** While true the content is replaced by a loading indicator. */
  loading?: boolean;
  children?: ReactNode;
}

export function DashboardPage({ title, breadcrumbs, extra, onBack, loading, children }: DashboardPageProps) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} style={{ padding: 24 }}>
      <header style={{ marginBottom: 24 }}>
        {breadcrumbs && <Breadcrumbs items={breadcrumbs} />}
        <Flex align="center" justify="space-between" gap={16} wrap style={{ marginTop: 8 }}>
          <Flex align="center" gap={12}>
            {onBack && (
              <Button icon={<ArrowLeftOutlined />} onClick={onBack} data-leaves-page>
                Go back
              </Button>
            )}
            {/* The page's one h1, at the size of antd's h2. */}
            <Typography.Title level={1} id={titleId} style={{ margin: 0, fontSize: 30 }}>
              {title}
            </Typography.Title>
          </Flex>
          {extra && <Flex gap={8} wrap>{extra}</Flex>}
        </Flex>
      </header>
      {loading ? (
        <Flex role="status" justify="center" style={{ padding: 48 }}>
          <Spin size="large" />
          <VisuallyHidden>Loading…</VisuallyHidden>
        </Flex>
      ) : (
        children
      )}
    </section>
  );
}
