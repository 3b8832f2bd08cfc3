import type { CSSProperties, ReactNode } from 'react';
import { BODY_TEXT, ERROR_COLOR, SECONDARY_TEXT } from '../theme/app-theme';

// A plain element in antd's text style: antd's Typography would bring its tooltip, and the popup
// engine under it, to every form (the sign-in pages among them).
const messageStyle: CSSProperties = { ...BODY_TEXT, display: 'block', marginTop: 4 };
const errorStyle: CSSProperties = { ...messageStyle, color: ERROR_COLOR };
const hintStyle: CSSProperties = { ...messageStyle, color: SECONDARY_TEXT };

/** The ids that tie a control to the message under it, for assistive technology. */
export const messageIds = (id: string) => ({ error: `${id}-error`, hint: `${id}-hint` });

/** Under a control: its error when it has one, otherwise its hint. */
export function FieldMessage({ id, error, hint }: { id: string; error: string | undefined; hint?: ReactNode }) {
  const ids = messageIds(id);
  if (error) {
    return <span id={ids.error} role="alert" style={errorStyle}>{error}</span>;
  }
  if (!hint) return null;
  return <span id={ids.hint} style={hintStyle}>{hint}</span>;
}

/** What `aria-describedby` names: the error, else the hint. */
export const describedBy = (id: string, error: string | undefined, hint: ReactNode) =>
  error ? messageIds(id).error : hint ? messageIds(id).hint : undefined;
