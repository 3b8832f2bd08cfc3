type Listener = (...args: unknown[]) => void;

/** A minimal typed event emitter: the two devices expose the same events without a dependency. */
export class Emitter<Events extends Record<string, unknown[]>> {
  private readonly listeners = new Map<keyof Events, Set<Listener>>();

  on<K extends keyof Events>(event: K, listener: (...args: Events[K]) => void): () => void {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    const stored = listener as unknown as Listener;
    set.add(stored);
    return () => set.delete(stored);
  }

  emit<K extends keyof Events>(event: K, ...args: Events[K]): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) listener(...args);
  }
}
