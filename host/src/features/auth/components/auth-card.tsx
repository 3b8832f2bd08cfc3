import type { ReactNode } from 'react';
import { Card, Flex, Typography } from 'shared-ui';

/** The centred card the sign-in screens sit in. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Flex component="main" align="center" justify="center" style={{ minHeight: '100vh', padding: 16, background: '#f5f5f5' }}>
      <Card style={{ width: '100%', maxWidth: 420 }}>
        <Typography.Title level={1} style={{ marginTop: 0, fontSize: 30 }}>
          {title}
        </Typography.Title>
        {children}
      </Card>
    </Flex>
  );
}
