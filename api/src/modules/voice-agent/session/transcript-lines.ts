import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { conversationMessages } from '../../../db/schema';
import type { RealtimeService } from '../../realtime';
import type { Turn } from '../responders/responder';
import type { RelayCall } from './call-record';

/** Rows per INSERT: 5 bind parameters a row, far below PostgreSQL's 65,535. */
const BATCH_MAX_LINES = 1_000;

type CallRef = Pick<RelayCall, 'callId' | 'accountId' | 'conversationId'>;

interface Line {
  realtime: RealtimeService;
  call: CallRef;
  authorType: 'ai' | 'lead';
  content: string;
  id: string;
  /** When it was said, in microseconds since the epoch: the transcript's order. */
  micros: number;
  resolve(): void;
  reject(err: unknown): void;
}

interface Writer {
  queue: Line[];
  flushing: boolean;
}

const writers = new WeakMap<Db, Writer>();
let lastMicros = 0;

/**
 * Strictly increasing across the process, so lines handed over in order are stored in order
 * (the transcript is read by time), however many share one INSERT or one clock tick.
 */
function nextMicros(): number {
  lastMicros = Math.max(Date.now() * 1000, lastMicros + 1);
  return lastMicros;
}

/** PostgreSQL's timestamptz input, to the microsecond (a Date keeps only milliseconds). */
function timestampOf(micros: number): string {
  const iso = new Date(Math.floor(micros / 1000)).toISOString();
  return `${iso.slice(0, 23)}${String(micros % 1000).padStart(3, '0')}Z`;
}

/**
 * Saves one line of a call's transcript and shows it on every open screen of the account;
 * resolves once it is stored. The lines of all calls go to the database together: one INSERT
 * at a time takes every line handed over since the last one began, so however many calls are
 * talking, transcript writes hold one connection and one commit at a time, and the pool's
 * other connections stay free for what a caller is waiting on (the knowledge lookup).
 */
export function addTranscriptLine(
  db: Db, realtime: RealtimeService, call: CallRef, authorType: 'ai' | 'lead', content: string, id: string = randomUUID(),
): Promise<void> {
  const micros = nextMicros();
  return new Promise((resolve, reject) => {
    let writer = writers.get(db);
    if (!writer) writers.set(db, (writer = { queue: [], flushing: false }));
    writer.queue.push({ realtime, call, authorType, content, id, micros, resolve, reject });
    if (!writer.flushing) {
      writer.flushing = true;
      // After this turn of the event loop: the lines of every frame read with this one share the INSERT.
      setImmediate(() => void flush(db, writer));
    }
  });
}

async function flush(db: Db, writer: Writer): Promise<void> {
  try {
    while (writer.queue.length > 0) await store(db, writer.queue.splice(0, BATCH_MAX_LINES));
  } finally {
    writer.flushing = false;
  }
}

async function store(db: Db, batch: Line[]): Promise<void> {
  try {
    await insert(db, batch);
    batch.forEach(announce);
  } catch (err) {
    if (batch.length === 1 || !refusedData(err)) return batch.forEach((line) => line.reject(err));
    // One line the database refuses must not cost the other calls theirs.
    for (const line of batch) {
      try {
        await insert(db, [line]);
        announce(line);
      } catch (lineErr) {
        line.reject(lineErr);
      }
    }
  }
}

/**
 * The database refused what was written (SQLSTATE class 22, data exception, or 23, integrity
 * constraint), rather than failed to answer: the other lines of the INSERT may well be fine.
 */
function refusedData(err: unknown): boolean {
  for (let cause = err; cause instanceof Error; cause = cause.cause) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string') return /^2[23]/.test(code);
  }
  return false;
}

const insert = (db: Db, lines: Line[]) => db.insert(conversationMessages).values(lines.map((line) => ({
  id: line.id, conversationId: line.call.conversationId, authorType: line.authorType, content: line.content,
  at: sql`${timestampOf(line.micros)}::timestamptz`,
})));

function announce(line: Line): void {
  line.realtime.broadcast(line.call.accountId, {
    type: 'TRANSCRIPT_UPDATED',
    callId: line.call.callId,
    message: { id: line.id, authorType: line.authorType, content: line.content, createdAt: new Date(Math.floor(line.micros / 1000)).toISOString() },
  }).then(line.resolve, line.reject);
}

/**
 * Rewrites a stored line of the agent's (the caller cut the reply short: the transcript keeps
 * what they heard) and shows the new words on every open screen, in the line's place.
 */
export async function amendTranscriptLine(db: Db, realtime: RealtimeService, call: CallRef, id: string, content: string): Promise<void> {
  const [row] = await db.update(conversationMessages).set({ content }).where(eq(conversationMessages.id, id))
    .returning({ at: conversationMessages.at, authorType: conversationMessages.authorType });
  if (!row) return;
  await realtime.broadcast(call.accountId, {
    type: 'TRANSCRIPT_UPDATED',
    callId: call.callId,
    message: { id, authorType: row.authorType as 'ai' | 'lead', content, createdAt: row.at.toISOString() },
  });
}

/** What the AI agent and the caller said on a conversation so far, in order, up to `max` lines. */
export async function transcriptSoFar(db: Db, conversationId: string, max: number): Promise<Turn[]> {
  const rows = await db.select({ authorType: conversationMessages.authorType, content: conversationMessages.content })
    .from(conversationMessages).where(eq(conversationMessages.conversationId, conversationId))
    .orderBy(asc(conversationMessages.at), asc(conversationMessages.id)).limit(max);
  return rows.flatMap((row): Turn[] => (row.authorType === 'ai' ? [{ speaker: 'agent', text: row.content }]
    : row.authorType === 'lead' ? [{ speaker: 'caller', text: row.content }] : []));
}
