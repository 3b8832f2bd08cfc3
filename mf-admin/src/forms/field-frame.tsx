import type { ReactNode } from 'react';
import { Typography } from 'shared-ui';

interface FieldFrameProps {
  id: string;
  label: ReactNode;
  /** Shown under the control; also names it for assistive technology. */
  error?: string | undefined;
  hint?: ReactNode;
  children: ReactNode;
}

/** A label above a control and its validation message below, linked by ids. */
export function FieldFrame({ id, label, error, hint, children }: FieldFrameProps) {
  return (
    <div style={{ marginBottom: 16 }}>
      <label htmlFor={id} style={{ display: 'block', marginBottom: 4 }}>
        {label}
      </label>
      {children}
      {hint && !error && (
        <Typography.Text type="secondary" id={`${id}-hint`} style={{ display: 'block', marginTop: 4 }}>
          {hint}
        </Typography.Text>
      )}
      {error && (
        <Typography.Text type="danger" id={`${id}-error`} role="alert" style={{ display: 'block', marginTop: 4 }}>
          {error}
        </Typography.Text>
      )}
    </div>
  );
}

/** The aria attributes a control needs to announce its frame's error. */
export const errorProps = (id: string, error: string | undefined) => ({
  'aria-invalid': Boolean(error),
  'aria-describedby': error ? `${id}-error` : undefined,
  status: error ? ('error' as const) : undefined,
});
