import type { RelayCallerOptions } from './relay-caller';
import { RelayCaller } from './relay-caller';

/** What the simulator's callee of an AI agent's call says, one line per agent reply. */
export const SIMULATED_CALLEE_LINES = ['Hello, who is calling?', 'Thanks, that is all I needed. Goodbye.'] as const;
/** However the conversation goes, the simulated callee hangs up after this long. */
const CALLEE_PATIENCE_MS = 30_000;

/**
 * The far end of an AI agent's outbound call when the simulator is the carrier: a callee who
 * answers, says a line after each of the agent's replies and hangs up, over the same relay
 * protocol and endpoint as a real call. Resolves when the callee has hung up.
 */
export async function simulatedCallee(options: RelayCallerOptions): Promise<void> {
  const caller = new RelayCaller({ ...options, direction: 'outbound' });
  const patience = setTimeout(() => void caller.hangUp(), CALLEE_PATIENCE_MS);
  patience.unref?.();
  try {
    await caller.start();
    for (const line of SIMULATED_CALLEE_LINES) {
      if (caller.ended) break;
      caller.say(line);
      await agentDone(caller);
    }
  } finally {
    clearTimeout(patience);
    await caller.hangUp();
  }
}

/** Until the agent finishes its reply, ends the session, or the line goes dead. */
function agentDone(caller: RelayCaller): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      caller.off('reply', done).off('end', done).off('close', done);
      resolve();
    };
    caller.on('reply', done).on('end', done).on('close', done);
  });
}
