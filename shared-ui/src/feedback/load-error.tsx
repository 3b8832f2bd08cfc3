import { Alert, Button, ReloadOutlined } from '../antd';

export interface LoadErrorProps {
  /** What went wrong, as the user should read it. */
  error: string;
  onRetry?: () => void;
}

/** A failed load: the error text and, when the load can be repeated, a Retry button. */
export function LoadError({ error, onRetry }: LoadErrorProps) {
  return (
    <Alert
      type="error"
      showIcon
      title={error}
      action={
        onRetry && (
          <Button size="small" icon={<ReloadOutlined />} onClick={onRetry}>
            Retry
          </Button>
        )
      }
    />
  );
}
