import type { ServerMessage } from 'shared-contracts';

type Listener = (message: ServerMessage) => void;

// One set for the page: shared-auth is a singleton, so every remote's screens hear the one socket.
const listeners = new Set<Listener>();

/** Listens to every message the realtime socket receives; returns the way to stop. */
export function onServerMessage(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Hands a received message to every listener; one failing listener neither stops the others nor the socket. */
export function emitServerMessage(message: ServerMessage): void {
  for (const listener of [...listeners]) {
    try {
      listener(message);
    } catch (error) {
      console.error(`Realtime: a ${message.type} listener failed`, error);
    }
  }
}
