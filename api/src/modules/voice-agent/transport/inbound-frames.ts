import * as v from 'valibot';
import { issuesText, parseJsonInput } from '../../../http/parse-input';

/** What one inbound frame reads as: `ignored` is a well-formed frame of a type the carrier added later. */
export type InboundFrame<T> = { ok: true; frame: T } | { ok: false; error: string; ignored: boolean };

/**
 * One carrier frame through parseJsonInput (the house checks, then its schema), refused unread
 * past the size bound. A frame whose type (`key`) is not one of `known` is ignored, not refused:
 * carriers add frame types over time.
 */
export function readInboundFrame<S extends v.GenericSchema>(
  schema: S, key: 'type' | 'event', known: readonly string[], maxBytes: number, raw: string,
): InboundFrame<v.InferOutput<S>> {
  if (raw.length > maxBytes) return { ok: false, error: 'Frame is too large', ignored: false };
  const parsed = parseJsonInput(schema, raw);
  if (parsed.ok) return { ok: true, frame: parsed.output };
  const error = issuesText(parsed.issues);
  if (parsed.issues[0].kind !== 'schema') return { ok: false, error, ignored: false };
  // Only a refused frame is read again, for its type alone.
  const typed = parseJsonInput(v.looseObject({ [key]: v.string() }), raw);
  const type = typed.ok ? String(typed.output[key]) : null;
  if (type !== null && !known.includes(type)) {
    return { ok: false, error: `Frame type "${type.slice(0, 40)}" is not read here`, ignored: true };
  }
  return { ok: false, error, ignored: false };
}

/** Counts events in the last second; true once there are more than `max`. Memory is bounded by `max`. */
export class PerSecond {
  private readonly times: number[] = [];
  constructor(private readonly max: number) {}
  over(now: number): boolean {
    while (this.times.length > 0 && now - this.times[0]! >= 1_000) this.times.shift();
    this.times.push(now);
    return this.times.length > this.max;
  }
}
