import { Component } from 'react';
import type { ReactNode } from 'react';
import { Button } from 'shared-ui';
import { StatusPanel } from '../ui/status-panel';
import { reloadRemote } from './init-federation';
import { REMOTE_LABELS } from './remotes';
import type { RemoteName } from './remotes';

interface Props {
  remote: RemoteName;
  /** `panel`: the unavailable notice with Retry; `none`: render nothing (optional widgets). */
  fallback?: 'panel' | 'none';
  children: ReactNode;
}

/** Keeps a failing remote inside its own box: the layout, the menu and other remotes go on. */
export class RemoteBoundary extends Component<Props, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  retry = () => {
    reloadRemote(this.props.remote);
    this.setState({ error: null });
  };

  override render() {
    if (!this.state.error) return this.props.children;
    if (this.props.fallback === 'none') return null;
    return <RemoteUnavailable remote={this.props.remote} onRetry={this.retry} />;
  }
}

export function RemoteUnavailable({ remote, onRetry }: { remote: RemoteName; onRetry: () => void }) {
  return (
    <StatusPanel
      title={`${REMOTE_LABELS[remote]} is unavailable right now`}
      description="The rest of the app still works. Try again in a moment."
      action={
        <Button type="primary" onClick={onRetry}>
          Retry
        </Button>
      }
    />
  );
}
