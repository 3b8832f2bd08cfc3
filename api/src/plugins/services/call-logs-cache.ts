import type { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { CallLog } from 'shared-contracts';
import type { Db } from '../../db/client';
import { servicePlugin } from '../service-plugin';

export interface CallLogsPage {
  data: CallLog[];
  total: number;
}

/**
 * Recent pages of whole-account call logs (a page read is a database round trip, which on its
 * own kept the endpoint far from its throughput target). An account's pages are dropped:
 * - when code of this process that writes what a page shows says so (`changed`), after its
 *   write commits and before it answers, so a request that follows the write never sees the
 *   page from before it;
 * - when any writer anywhere commits such a change: triggers announce it on the
 *   `call_logs_changed` channel (migrations call-logs-notify*), which every instance listens to;
 * - after ENTRY_TTL_MS in any case, and all at once while the listening connection is down
 *   (nothing is cached until it is back).
 *
 * A page shows each call's direction, status, numbers, start and duration, its AI agent's name,
 * its human agent's name, its lead's name and number, and its conversation's recording. So the
 * writes that call `changed` are: a call logged or its status, duration, agent or lead set
 * (telephony call events, AI calls, browser calls, the caller's lead on a call); a conversation
 * opened or its recording stored; an AI agent edited or deleted; a lead edited; a user's profile
 * edited. Writes a page cannot show need not: a new lead or AI agent (no call names it yet), a
 * CallSid, a summary or handoff reason, roles, agent numbers, time zones, passwords, preferences.
 */
export interface CallLogsCache extends CallLogChanges {
  get(accountId: string, key: string): CallLogsPage | undefined;
  /** A mark to take before reading a page from the database, for `set`. */
  mark(): number;
  /** Remembers a page read since `mark`; ignored when anything changed meanwhile. */
  set(accountId: string, key: string, page: CallLogsPage, mark: number): void;
  close(): Promise<void>;
}

/** What a writer of calls, conversations, leads, AI agents or users tells the call-logs pages. */
export interface CallLogChanges {
  /** The account's pages may show something else now: called once the write has committed. */
  changed(accountId: string): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    callLogsCache: CallLogsCache;
  }
}

const CHANNEL = 'call_logs_changed';
const ENTRY_TTL_MS = 2_000;
const MAX_ENTRIES = 2_000;
const RELISTEN_MS = 1_000;

interface Entry {
  page: CallLogsPage;
  expiresAt: number;
}

/**
 * The call-logs pages' short cache, dropped for an account on every change it hears (here or,
 * with Redis, on another instance). Long only as one short method each over the shared entries
 * and channel.
 */
export function createCallLogsCache(db: Db, onError: (err: unknown) => void): CallLogsCache {
  const byAccount = new Map<string, Map<string, Entry>>();
  let size = 0;
  let generation = 0;
  let listening = false;
  let closed = false;
  let stopListening: () => Promise<void> = async () => {};

  const dropAll = () => {
    generation += 1;
    byAccount.clear();
    size = 0;
  };
  const dropAccount = (accountId: string) => {
    generation += 1;
    size -= byAccount.get(accountId)?.size ?? 0;
    byAccount.delete(accountId);
  };
  const onNotification = (payload: string | undefined) => {
    if (payload === undefined || payload === '*') dropAll();
    else dropAccount(payload);
  };

  const listen = async () => {
    const client = (db as unknown as { $client: pg.Pool | PGlite }).$client;
    if ('listen' in client) {
      const unlisten = await client.listen(CHANNEL, onNotification);
      // The app may have closed while this started.
      if (closed) return void (await unlisten());
      stopListening = () => unlisten();
      listening = true;
      return;
    }
    // PostgreSQL: a connection of its own, out of the pool for as long as it listens (the
    // pool cannot end while it is out, hence the checks of `closed` after each wait).
    const connection = await client.connect();
    if (closed) return void connection.release(true);
    const lost = (err: unknown) => {
      if (!listening) return;
      listening = false;
      dropAll();
      onError(err);
      connection.release(true);
      if (!closed) setTimeout(() => void listen().catch(retry), RELISTEN_MS).unref();
    };
    connection.on('notification', (message) => {
      if (message.channel === CHANNEL) onNotification(message.payload);
    });
    connection.on('error', lost);
    connection.on('end', () => lost(new Error('call-logs cache: the listening connection ended')));
    try {
      await connection.query(`LISTEN ${CHANNEL}`);
    } catch (err) {
      connection.release(true);
      throw err;
    }
    if (closed) return void connection.release(true);
    stopListening = async () => {
      listening = false;
      connection.release(true);
    };
    listening = true;
  };
  const retry = (err: unknown) => {
    onError(err);
    if (!closed) setTimeout(() => void listen().catch(retry), RELISTEN_MS).unref();
  };
  void listen().catch(retry);

  return {
    get(accountId, key) {
      const entry = byAccount.get(accountId)?.get(key);
      if (entry === undefined) return undefined;
      if (Date.now() < entry.expiresAt) return entry.page;
      byAccount.get(accountId)?.delete(key);
      size -= 1;
      return undefined;
    },
    changed: dropAccount,
    mark: () => generation,
    set(accountId, key, page, mark) {
      if (!listening || mark !== generation) return;
      if (size >= MAX_ENTRIES) dropAll();
      let pages = byAccount.get(accountId);
      if (!pages) byAccount.set(accountId, (pages = new Map()));
      if (!pages.has(key)) size += 1;
      pages.set(key, { page, expiresAt: Date.now() + ENTRY_TTL_MS });
    },
    async close() {
      closed = true;
      dropAll();
      if (listening) await stopListening();
      listening = false;
    },
  };
}

/** Decorates `app.callLogsCache`; its listening connection closes with the app. */
export const callLogsCachePlugin = servicePlugin('call-logs-cache', async (app: FastifyInstance) => {
  const cache = createCallLogsCache(app.db, (err) => app.log.warn({ err }, 'call-logs cache: not listening for changes'));
  app.decorate('callLogsCache', cache);
  app.addHook('onClose', () => cache.close());
});
