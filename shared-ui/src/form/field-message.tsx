import type { ReactNode } from 'react';
import { Typography } from '../antd/typography';

/** The ids that tie a control to the message under it, for assistive technology. */
export const messageIds = (id: string) => ({ error: `${id}-error`, hint: `${id}-hint` });

/** Under a control: its error when it has one, otherwise its hint. */
export function FieldMessage({ id, error, hint }: { id: string; error: string | undefined; hint?: ReactNode }) {
  const ids = messageIds(id);
  if (error) {
    return <Typography.Text type="danger" id={ids.error} role="alert" style={{ display: 'block', marginTop: 4 }}>{error}</Typography.Text>;
  }
  if (!hint) return null;
  return <Typography.Text type="secondary" id={ids.hint} style={{ display: 'block', marginTop: 4 }}>{hint}</Typography.Text>;
}

/** What `aria-describedby` names: the error, else the hint. */
export const describedBy = (id: string, error: string | undefined, hint: ReactNode) =>
  error ? messageIds(id).error : hint ? messageIds(id).hint : undefined;
