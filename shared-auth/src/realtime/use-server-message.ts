import { useEffect, useRef } from 'react';
import type { ServerMessageOf, ServerMessageType } from 'shared-contracts';
import { onServerMessage } from './server-message-listeners';

/**
 * Calls `handler` with each message of `type` the realtime socket receives while the component is
 * mounted: for a screen that reacts to an event (a transcript line, a call's end) rather than
 * reading state that the whole app keeps in the realtime atoms.
 */
export function useServerMessage<T extends ServerMessageType>(type: T, handler: (message: ServerMessageOf<T>) => void): void {
  // The latest handler, so an inline function neither resubscribes on each render nor goes stale.
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => onServerMessage((message) => {
    if (message.type === type) latest.current(message as ServerMessageOf<T>);
  }), [type]);
}
