import { StatusPanel } from '../ui/status-panel';

/** When the runtime config is missing or broken there is nothing to route to: say what is wrong. */
export function StartupError({ error }: { error: unknown }) {
  const detail = error instanceof Error ? error.message : String(error);
  return (
    <StatusPanel
      fullScreen
      title="The app could not start"
      description={<pre style={{ whiteSpace: 'pre-wrap', textAlign: 'left', display: 'inline-block' }}>{detail}</pre>}
    />
  );
}
