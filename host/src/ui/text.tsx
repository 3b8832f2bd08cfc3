import type { CSSProperties, ReactNode } from 'react';
import { BODY_TEXT, SECONDARY_TEXT, TEXT_COLOR } from 'shared-ui';

// The shell's own headings and paragraphs (sign-in screens, status pages) are plain elements in
// antd's type scale: antd's Typography brings its tooltip, and the popup engine under it, to
// every page that shows one, and the sign-in pages load only what they draw.
const headingStyle: CSSProperties = { margin: '0 0 0.5em', fontSize: 30, fontWeight: 600, lineHeight: 1.23, color: TEXT_COLOR };
const paragraphStyle: CSSProperties = { ...BODY_TEXT, margin: '0 0 1em', color: TEXT_COLOR };

/** The page's one h1. */
export function Heading({ style, children }: { style?: CSSProperties; children: ReactNode }) {
  return <h1 style={style ? { ...headingStyle, ...style } : headingStyle}>{children}</h1>;
}

/** A paragraph; `secondary` for a hint beside the main text. */
export function Paragraph({ secondary = false, style, children }: { secondary?: boolean; style?: CSSProperties; children: ReactNode }) {
  return <p style={{ ...paragraphStyle, ...(secondary ? { color: SECONDARY_TEXT } : {}), ...style }}>{children}</p>;
}
