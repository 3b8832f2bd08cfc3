import type { ReactNode } from 'react';
import { BODY_TEXT, Flex, SECONDARY_TEXT } from 'shared-ui';
import { Heading } from './text';

interface StatusPanelProps {
  /** A short code shown large above the title (403, 404). */
  code?: string;
  title: string;
  description: ReactNode;
  action?: ReactNode;
  /** Fill the viewport (pages outside the layout) or just the content area. */
  fullScreen?: boolean;
}

// Not antd's Result: it bundles its 403/404/500 illustrations whether or not they are used.
export function StatusPanel({ code, title, description, action, fullScreen }: StatusPanelProps) {
  return (
    // Outside the layout it is the page's main landmark; inside, the layout's content is.
    <Flex component={fullScreen ? 'main' : 'div'} vertical align="center" justify="center" gap={8} style={{ padding: 48, textAlign: 'center', minHeight: fullScreen ? '100vh' : undefined }}>
      {code && (
        <span style={{ color: SECONDARY_TEXT, fontSize: 56, lineHeight: 1, fontWeight: 600 }}>
          {code}
        </span>
      )}
      <Heading style={{ margin: 0, fontSize: 24 }}>
        {title}
      </Heading>
      {/* A block, not a paragraph: a description may hold one (the start-up error's details). */}
      <div style={{ ...BODY_TEXT, color: SECONDARY_TEXT, maxWidth: 560 }}>
        {description}
      </div>
      {action && <div style={{ marginTop: 16 }}>{action}</div>}
    </Flex>
  );
}
