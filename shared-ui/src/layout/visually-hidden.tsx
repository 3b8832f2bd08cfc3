import type { ReactNode } from 'react';

/** The style that keeps an element for screen readers and off the screen. */
export const visuallyHiddenStyle = {
  position: 'absolute' as const,
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap' as const,
  border: 0,
};

/** Read by screen readers, not drawn. */
export function VisuallyHidden({ children, as: Tag = 'span' }: { children: ReactNode; as?: 'span' | 'div' }) {
  return <Tag style={visuallyHiddenStyle}>{children}</Tag>;
}
