import type { IncomingCallContext } from 'shared-contracts';
import { useIncomingCallContext } from '../hooks/use-incoming-call-context';
import { IncomingCallContextView } from './incoming-call-context';
import { PANEL_CARD_STYLE } from './panel-card';

/** More to tell than the number the call header already shows. */
const tellsMore = (context: IncomingCallContext) =>
  context.callerName !== null || context.aiAgentName !== null || context.transcript.length > 0 || context.previousCalls.length > 0;

/**
 * Beside the call controls for as long as an answered call lasts: who is on the line, for a caller
 * an AI agent handed over why and what was said, and the caller's earlier calls, so the agent
 * need not ask again.
 */
export function CallContextPanel({ callSid }: { callSid: string }) {
  const context = useIncomingCallContext(callSid);
  if (context === null || !tellsMore(context)) return null;
  return (
    <section aria-label="Caller" style={{ ...PANEL_CARD_STYLE, padding: '0 12px 12px', width: 280 }}>
      <IncomingCallContextView context={context} />
    </section>
  );
}
