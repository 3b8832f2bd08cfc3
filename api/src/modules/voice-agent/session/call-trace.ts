import { sql } from 'drizzle-orm';
import { context, trace, SpanStatusCode, type Span } from '@opentelemetry/api';
import type { CallTraceTurnValue, TraceToolCallValue } from 'shared-contracts';
import type { Db } from '../../../db/client';
import { callTraces } from '../../../db/schema';
import { checkToolArgs, keepClock, refusedArgs, type CallTool, type ToolResult } from '../tools/call-tools';

/** Spans go through the OpenTelemetry API: no-ops unless an exporter is configured (plugins/tracing). */
const tracer = trace.getTracer('voice-agent');

/** A trace keeps the gist of what a tool took and gave, not whatever a model or endpoint sent. */
const MAX_TEXT = 2_000;
const MAX_ARGS_JSON = 2_000;
const MAX_PASSAGE = 300;

const capped = (text: string, max = MAX_TEXT) => (text.length > max ? `${text.slice(0, max)}…` : text);

function cappedArgs(args: unknown): unknown {
  let json: string | undefined;
  try {
    json = JSON.stringify(args);
  } catch {
    return '(arguments not readable)';
  }
  if (json === undefined) return null;
  return json.length > MAX_ARGS_JSON ? `${json.slice(0, MAX_ARGS_JSON)}…` : args;
}

interface OpenTurn {
  value: CallTraceTurnValue;
  /** performance.now() when the caller finished speaking. */
  start: number;
  span: Span;
}

/**
 * What happens inside one call, turn by turn: when the caller finished speaking, the knowledge
 * lookup, each tool (arguments, answer, duration), the reply's first and last token, and what
 * the caller heard before an interruption. Kept in memory while the call lasts and written once
 * as the session ends; each turn is also an OpenTelemetry span under the call's span.
 */
export class CallTraceRecorder {
  private readonly turns: CallTraceTurnValue[] = [];
  private open: OpenTurn | null = null;
  private speechFallback: string | null = null;
  private readonly callSpan: Span;

  constructor(callId: string, private readonly now: () => Date, private readonly maxTurns: number) {
    this.callSpan = tracer.startSpan('call', { attributes: { 'call.id': callId } });
  }

  /** The caller finished speaking: a new turn starts (the one before is closed). */
  beginTurn(caller: string): void {
    this.closeTurn();
    if (this.turns.length >= this.maxTurns) return;
    const value: CallTraceTurnValue = {
      index: this.turns.length,
      at: this.now().toISOString(),
      caller: capped(caller),
      knowledge: { passages: [], durationMs: null },
      tools: [],
      firstTokenMs: null,
      lastTokenMs: null,
      reply: '',
      heardBeforeInterruption: null,
      held: false,
      fellBack: false,
      handledBy: null,
      firstAudioMs: null,
    };
    const span = tracer.startSpan('turn', { attributes: { 'turn.index': value.index } }, trace.setSpan(context.active(), this.callSpan));
    this.open = { value, start: performance.now(), span };
    this.turns.push(value);
  }

  private elapsed(open: OpenTurn): number {
    return Math.round(performance.now() - open.start);
  }

  knowledge(passages: readonly string[], startedAt: number): void {
    const open = this.open;
    if (!open) return;
    open.value.knowledge = { passages: passages.map((p) => capped(p, MAX_PASSAGE)), durationMs: Math.round(performance.now() - startedAt) };
    open.span.addEvent('knowledge', { 'knowledge.passages': passages.length });
  }

  /** A token of the reply reached the caller. */
  token(): void {
    const open = this.open;
    if (!open) return;
    const at = this.elapsed(open);
    if (open.value.firstTokenMs === null) {
      open.value.firstTokenMs = at;
      open.span.addEvent('first-token');
    }
    open.value.lastTokenMs = at;
  }

  /** On our speech pipeline: the reply's first audio went out `ms` after the caller stopped speaking. */
  firstAudio(ms: number): void {
    const open = this.open;
    if (open && open.value.firstAudioMs === null) {
      open.value.firstAudioMs = Math.round(ms);
      open.span.addEvent('first-audio');
    }
  }

  /** Our speech pipeline failed and Twilio's voice takes the call on, for this reason. */
  speechFellBack(reason: string): void {
    this.speechFallback ??= capped(reason);
    this.callSpan.addEvent('speech-fallback', { reason });
  }

  held(): void {
    if (this.open) this.open.value.held = true;
  }

  fellBack(): void {
    if (this.open) this.open.value.fellBack = true;
  }

  /** The turn was answered without the responder: a transfer, a message being taken, the keypad. */
  handledBy(kind: NonNullable<CallTraceTurnValue['handledBy']>): void {
    if (this.open && this.open.value.handledBy === null) this.open.value.handledBy = kind;
  }

  /** The reply as the transcript keeps it; `heard` when the caller spoke over it. */
  replied(reply: string, heard: string | null): void {
    const open = this.open;
    if (!open) return;
    open.value.reply = capped(open.value.reply === '' ? reply : `${open.value.reply} ${reply}`);
    if (heard !== null) open.value.heardBeforeInterruption = capped(heard);
  }

  /** The call's tools, each recording its runs in the turn it ran in. */
  traced(tools: readonly CallTool[]): CallTool[] {
    return tools.map((tool) => this.tracedTool(tool));
  }

  private tracedTool(tool: CallTool): CallTool {
    const record = async (args: unknown, run: () => Promise<ToolResult>): Promise<ToolResult> => {
      const open = this.open;
      const started = performance.now();
      const span = open ? tracer.startSpan(`tool ${tool.name}`, { attributes: { 'tool.name': tool.name } }, trace.setSpan(context.active(), open.span)) : null;
      const entry = (result: string, outcome: TraceToolCallValue['outcome'], httpStatus: number | null): TraceToolCallValue => ({
        name: tool.name,
        args: cappedArgs(args),
        result: capped(result),
        outcome,
        startMs: open ? Math.round(started - open.start) : 0,
        durationMs: Math.round(performance.now() - started),
        httpStatus,
      });
      try {
        const result = await run();
        const outcome = result.outcome ?? (result.ok ? 'ok' : 'refused');
        open?.value.tools.push(entry(result.say, outcome, result.httpStatus ?? null));
        span?.setAttribute('tool.outcome', outcome);
        return result;
      } catch (err) {
        open?.value.tools.push(entry(err instanceof Error ? err.message : String(err), 'error', null));
        span?.setStatus({ code: SpanStatusCode.ERROR });
        throw err;
      } finally {
        span?.end();
      }
    };
    return keepClock(tool, {
      ...tool,
      run: (args) => record(args, async () => {
        // Arguments refused by the tool's own check are a turn's event too.
        const parsed = checkToolArgs(tool, args);
        return parsed.ok ? (tool.act ?? tool.run).call(tool, parsed.output) : refusedArgs(parsed.issues);
      }),
      act: (args) => record(args, () => (tool.act ?? tool.run).call(tool, args)),
    });
  }

  private closeTurn(): void {
    const open = this.open;
    if (!open) return;
    if (open.value.firstTokenMs !== null) open.span.setAttribute('turn.first_token_ms', open.value.firstTokenMs);
    open.span.end();
    this.open = null;
  }

  /** The call's trace as it is stored, and its span closed. */
  finish(endReason: string | null): { turns: CallTraceTurnValue[]; slowestFirstTokenMs: number | null; speechFallback: string | null } {
    this.closeTurn();
    if (endReason) this.callSpan.setAttribute('call.end_reason', endReason);
    this.callSpan.end();
    const firsts = this.turns.map((t) => t.firstTokenMs).filter((ms): ms is number => ms !== null);
    return { turns: this.turns, slowestFirstTokenMs: firsts.length === 0 ? null : Math.max(...firsts), speechFallback: this.speechFallback };
  }
}

/**
 * Writes a finished call's trace; a second write for the same call (a repeated close) changes
 * nothing, except from a session that took the call on (`continues`): its turns follow the
 * first session's, and its end is the call's.
 */
export async function saveCallTrace(
  db: Db,
  call: { callId: string; accountId: string },
  responder: string,
  endReason: string | null,
  recorded: ReturnType<CallTraceRecorder['finish']>,
  continues = false,
): Promise<void> {
  const insert = db.insert(callTraces).values({
    callId: call.callId,
    accountId: call.accountId,
    responder,
    endReason,
    turns: recorded.turns,
    slowestFirstTokenMs: recorded.slowestFirstTokenMs,
    speechFallback: recorded.speechFallback,
  });
  if (!continues) {
    await insert.onConflictDoNothing();
    return;
  }
  await insert.onConflictDoUpdate({
    target: callTraces.callId,
    set: {
      turns: sql`${callTraces.turns} || excluded.turns`,
      endReason: sql`excluded.end_reason`,
      slowestFirstTokenMs: sql`greatest(${callTraces.slowestFirstTokenMs}, excluded.slowest_first_token_ms)`,
    },
  });
}
