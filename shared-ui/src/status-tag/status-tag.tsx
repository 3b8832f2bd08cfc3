import { Tag } from '../antd';

/** antd Tag colours for the statuses the product shows; an unknown status is neutral. */
const COLORS: Record<string, string> = {
  available: 'success',
  active: 'success',
  on: 'success',
  completed: 'success',
  answered: 'success',
  busy: 'warning',
  away: 'gold',
  'wrap-up': 'cyan',
  'in-progress': 'processing',
  ringing: 'processing',
  queued: 'processing',
  voicemail: 'purple',
  missed: 'error',
  failed: 'error',
  offline: 'default',
  off: 'default',
};

const humanize = (status: string) => {
  const words = status.replace(/[-_]+/g, ' ').trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

export interface StatusTagProps {
  status: string;
  /** Shown instead of the status word. */
  label?: string;
  color?: string;
}

export function StatusTag({ status, label, color }: StatusTagProps) {
  return (
    <Tag color={color ?? COLORS[status.toLowerCase()] ?? 'default'} style={{ marginInlineEnd: 0 }}>
      {label ?? humanize(status)}
    </Tag>
  );
}
