import type { ReactNode } from 'react';
import { Flex } from 'shared-ui';
import { Heading } from '../../../ui/text';

/** antd's Card look, drawn with a plain box: antd's Card brings its tabs (and their menu) to
 *  every page that shows one, and the sign-in pages load only what they draw. */
const cardStyle = { width: '100%', maxWidth: 420, padding: 24, background: '#fff', border: '1px solid #f0f0f0', borderRadius: 8 } as const;

/** The centred card the sign-in screens sit in. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Flex component="main" align="center" justify="center" style={{ minHeight: '100vh', padding: 16, background: '#f5f5f5' }}>
      <div style={cardStyle}>
        <Heading>
          {title}
        </Heading>
        {children}
      </div>
    </Flex>
  );
}
