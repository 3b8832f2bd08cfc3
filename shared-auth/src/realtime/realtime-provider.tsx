import { createContext, useContext, useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { SOCKET_PATH } from 'shared-contracts';
import type { AgentStatusValue, AwayReasonValue, ServerMessage } from 'shared-contracts';
import { sessionUserAtom } from '../auth/auth-atoms';
import { useAuthState } from '../auth/use-auth-state';
import { getRuntimeConfig } from '../runtime-config';
import { authStore } from '../store';
import { resetRealtimeState, serverMessageApplier } from './apply-message';
import { RealtimeConnection } from './realtime-connection';
import { emitServerMessage } from './server-message-listeners';
import type { ConnectionState } from './realtime-connection';

export interface RealtimeApi {
  connectionState: ConnectionState;
  /** Each sender returns whether the message went out (false: socket not open, or no account). */
  /** An agent's chosen status; away needs a reason. */
  sendUpdateStatus: (agentId: string, status: AgentStatusValue, awayReason?: AwayReasonValue) => boolean;
  sendAgentActiveStatus: (input: { accountId?: string; agentId: string; isActive: boolean }) => boolean;
  /** `entryId`: the queued caller being called back, so exactly that one leaves the queue. */
  sendRemoveFromQueue: (input: { agentId: string; accountId?: string; entryId?: string }) => boolean;
}

const RealtimeContext = createContext<RealtimeApi | null>(null);

export function realtimeUrl(wsBase: string, accountId: string, token: string | null): string {
  const query = new URLSearchParams({ accountId });
  if (token) query.set('token', token);
  return `${wsBase}${SOCKET_PATH}?${query}`;
}

const currentAccountId = () => authStore.get(sessionUserAtom)?.accountId;

/** Keeps one socket open while an account is signed in; received messages update the atoms. */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const { sessionUser, token } = useAuthState();
  const accountId = sessionUser?.accountId;
  const [connectionState, setConnectionState] = useState<ConnectionState>('idle');
  const connection = useRef<RealtimeConnection | null>(null);

  useEffect(() => {
    if (!accountId) {
      setConnectionState('idle');
      return undefined;
    }
    const url = realtimeUrl(getRuntimeConfig().wsBase, accountId, token);
    // App-wide state first, then the screens listening for events (useServerMessage).
    const applier = serverMessageApplier();
    const onMessage = (m: ServerMessage) => {
      applier.apply(m);
      emitServerMessage(m);
    };
    const current = new RealtimeConnection(url, { onMessage, onState: setConnectionState });
    connection.current = current;
    current.start();
    return () => {
      current.stop();
      applier.dispose();
      if (connection.current === current) connection.current = null;
      resetRealtimeState();
    };
  }, [accountId, token]);

  const value = useMemo<RealtimeApi>(() => {
    const send = (message: Parameters<RealtimeConnection['send']>[0]) => {
      if (connection.current) return connection.current.send(message);
      console.warn(`Realtime: ${message.type} not sent: the socket is not open`);
      return false;
    };
    const withAccount = (type: string, accountId: string | undefined) => {
      const resolved = accountId ?? currentAccountId();
      if (!resolved) console.warn(`Realtime: ${type} skipped: no account id`);
      return resolved;
    };
    return {
      connectionState,
      sendUpdateStatus: (agentId, status, awayReason) =>
        send({ type: 'UPDATE_STATUS', agentId, status, ...(status === 'away' && awayReason !== undefined ? { awayReason } : {}) }),
      sendAgentActiveStatus: ({ accountId, agentId, isActive }) => {
        const resolved = withAccount('AGENT_ACTIVE_STATUS', accountId);
        return resolved ? send({ type: 'AGENT_ACTIVE_STATUS', accountId: resolved, agentId, isActive }) : false;
      },
      sendRemoveFromQueue: ({ agentId, accountId, entryId }) => {
        const resolved = withAccount('REMOVE_FROM_QUEUE', accountId);
        return resolved
          ? send({ type: 'REMOVE_FROM_QUEUE', agentId, accountId: resolved, ...(entryId === undefined ? {} : { entryId }) })
          : false;
      },
    };
  }, [connectionState]);

  return <RealtimeContext.Provider value={value}>{children}</RealtimeContext.Provider>;
}

export function useRealtime(): RealtimeApi {
  const value = useContext(RealtimeContext);
  if (!value) throw new Error('useRealtime must be used within a RealtimeProvider');
  return value;
}
