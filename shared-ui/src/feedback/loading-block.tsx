import { Skeleton } from '../antd';
import { VisuallyHidden } from '../layout/visually-hidden';

/** A placeholder while a block's data loads; announced as "<label>" to screen readers. */
export function LoadingBlock({ label, rows = 4 }: { label: string; rows?: number }) {
  return (
    <div role="status">
      <Skeleton active paragraph={{ rows }} />
      <VisuallyHidden>{label}</VisuallyHidden>
    </div>
  );
}
