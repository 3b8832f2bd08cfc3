/**
 * Writes a value at once, then at most once every `batchMs`: what arrives in between is merged
 * and written when the window ends. A lone update is never delayed; a burst costs one render
 * per window instead of one per message.
 */
export interface BatchedWrite<T> {
  push: (value: T) => void;
  /** Writes what is waiting now (before a message that must come after it). */
  flush: () => void;
  /** Drops what is waiting and closes the window. */
  cancel: () => void;
}

export function batchedWrite<T>(batchMs: number, merge: (waiting: T, next: T) => T, write: (value: T) => void): BatchedWrite<T> {
  let waiting: { value: T } | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const flush = () => {
    if (!waiting) return;
    const { value } = waiting;
    waiting = null;
    write(value);
  };
  const openWindow = () => {
    timer = setTimeout(() => {
      timer = undefined;
      if (!waiting) return;
      flush();
      openWindow();
    }, batchMs);
  };

  return {
    push(value) {
      waiting = waiting ? { value: merge(waiting.value, value) } : { value };
      if (timer !== undefined) return;
      flush();
      openWindow();
    },
    flush,
    cancel() {
      clearTimeout(timer);
      timer = undefined;
      waiting = null;
    },
  };
}
