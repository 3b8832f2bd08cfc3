import { AWAY_REASON_REQUIRED_TEXT, QUEUE_ENTRY_TAKEN_TEXT, WRAP_UP_TEXT, type AgentStatusValue, type AwayReasonValue, type ClientMessage, type ServerMessage } from 'shared-contracts';
import type { Db } from '../../db/client';
import type { AuthUser } from '../../http/implement';
import type { RealtimeService } from './realtime-service';
import { findAccountAgent, hasPendingWrapUp, listQueue, releaseAgent, removeFromQueue, saveStatus } from './presence-store';

export interface SocketSession {
  db: Db;
  realtime: RealtimeService;
  user: AuthUser;
  /** The room this socket joined. */
  accountId: string;
}

/** Why a frame was refused; the text goes back to the sender in an ERROR message. */
export class RefusedMessage extends Error {}

export const NOT_THIS_ACCOUNT_TEXT = 'accountId is not the account of this connection';
export const AGENT_NOT_FOUND_TEXT = 'Agent not found in this account';
export const OWN_STATUS_ONLY_TEXT = 'Agents may only change their own status';
export const AGENTS_ONLY_TEXT = 'Only agents may send this message';

/**
 * Only an AGENT is marked active or inactive and uses the queue, and only for itself; the frame's
 * agent must also be a human agent of this connection's account (another account's agent gets
 * the same answer as a missing one). USER and ADMINISTRATOR sockets only listen.
 */
async function assertAgent(session: SocketSession, agentId: string): Promise<void> {
  if (session.user.role !== 'AGENT') throw new RefusedMessage(AGENTS_ONLY_TEXT);
  if (agentId !== session.user.id) throw new RefusedMessage(OWN_STATUS_ONLY_TEXT);
  if ((await findAccountAgent(session.db, session.accountId, agentId)) === null) throw new RefusedMessage(AGENT_NOT_FOUND_TEXT);
}

function assertAccount(session: SocketSession, accountId: string): void {
  if (accountId !== session.accountId) throw new RefusedMessage(NOT_THIS_ACCOUNT_TEXT);
}

async function setStatus(session: SocketSession, agentId: string, status: AgentStatusValue, awayReason?: AwayReasonValue): Promise<void> {
  await assertAgent(session, agentId);
  if (status === 'away' && awayReason === undefined) throw new RefusedMessage(AWAY_REASON_REQUIRED_TEXT);
  if (status === 'wrap-up') throw new RefusedMessage(WRAP_UP_TEXT.notChosen);
  // An agent with a call still to wrap up is offered calls only once it is done: available waits in wrap-up.
  const held = status === 'available' && (await hasPendingWrapUp(session.db, agentId)) ? 'wrap-up' : status;
  const entry = await saveStatus(session.db, agentId, held, awayReason ?? null);
  const message: ServerMessage = { type: 'STATUS_UPDATED', ...entry };
  await session.realtime.broadcast(session.accountId, message);
}

/** Applies one validated client frame; throws RefusedMessage when it may not. */
export async function handleClientMessage(session: SocketSession, message: ClientMessage): Promise<void> {
  switch (message.type) {
    case 'UPDATE_STATUS':
      return setStatus(session, message.agentId, message.status, message.awayReason);
    case 'AGENT_ACTIVE_STATUS': {
      assertAccount(session, message.accountId);
      // Active means on a call (busy, with busyFrom for the timer).
      if (message.isActive) return setStatus(session, message.agentId, 'busy');
      // Inactive frees a busy agent (to wrap-up while a call waits for it); one who chose away (or offline) meanwhile stays so.
      await assertAgent(session, message.agentId);
      const freed = await releaseAgent(session.db, message.agentId, 'available');
      if (freed !== null) await session.realtime.broadcast(session.accountId, { type: 'STATUS_UPDATED', ...freed });
      return;
    }
    case 'REMOVE_FROM_QUEUE': {
      assertAccount(session, message.accountId);
      await assertAgent(session, message.agentId);
      const removed = await removeFromQueue(session.db, session.accountId, message.entryId);
      // Of two agents who took the same caller, the second learns it (nothing else leaves the queue).
      if (!removed && message.entryId !== undefined) throw new RefusedMessage(QUEUE_ENTRY_TAKEN_TEXT);
      const queue = await listQueue(session.db, session.accountId);
      return session.realtime.broadcast(session.accountId, { type: 'QUEUE_UPDATED', queue });
    }
  }
}
