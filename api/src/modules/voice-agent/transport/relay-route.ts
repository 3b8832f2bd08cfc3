import type { FastifyInstance } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { parseRelayFrame, RELAY_PATH, RelayInbound, SOCKET_CLOSE_UNAUTHORIZED } from 'shared-contracts';
import { syncBookedAppointment } from '../../integrations/calendar-sync-job';
import { callEnded } from '../../telephony/call-events';
import { simulatedRecording } from '../../telephony/simulated-recording';
import type { RelayCall } from '../session/call-record';
import { raiseAppointmentBooked } from '../../webhooks';
import { callWrapUpJob } from '../responders/call-wrap-up';
import { aiCallHandedOff } from '../session/handoff';
import { searchKnowledge } from '../knowledge/knowledge-passages';
import { responderForAgent } from '../responders/pick-responder';
import { admitRelay, browserRelayLinks } from './relay-handshake';
import { RelaySession, type RelaySessionDeps } from '../session/relay-session';

/** A responder that has not sent its first token by then is replaced by the spoken fallback. */
export const FIRST_TOKEN_TIMEOUT_MS = 4_000;
/**
 * The ConversationRelay endpoint: Twilio on a real call, the simulator's caller, and a USER's
 * browser open it. A session that is not signed, or names no live AI call, is refused with a log
 * line; a malformed or unknown frame is logged and ignored; the socket's 64 KiB frame cap closes
 * a session that sends more. Each session lives and fails on its own: one slow model never holds
 * up another call, and a call's state is released when its socket closes, however it closes.
 */
export async function relayRoutes(app: FastifyInstance): Promise<void> {
  const links = browserRelayLinks(app);
  const live = new Map<string, RelaySession>();
  const open = new Map<WebSocket, RelaySession>();
  const ctx = app.telephony.context;

  const deps: RelaySessionDeps = {
    db: app.db,
    callLogs: app.callLogsCache,
    realtime: app.realtime,
    log: app.log,
    responderFor: (call) => responderForAgent(app, call.agent),
    searchKnowledge: (aiAgentId, text) => searchKnowledge(app.db, aiAgentId, text, 3),
    claim(callId, session) {
      if (live.has(callId)) return false;
      live.set(callId, session);
      return true;
    },
    async handOff(call, reason, admission) {
      // Twilio asks the <Connect action> URL, which queues the caller and dials the agents.
      if (admission.kind === 'carrier' && app.config.twilio !== undefined) return;
      const result = await aiCallHandedOff(ctx, { callSid: call.callSid, reason });
      if (result.ok) app.telephony.simulator?.ringHandoff(call.callSid, result);
    },
    async finished(call, session, outcome) {
      if (live.get(call.callId) === session) live.delete(call.callId);
      await finishCall(call, session, outcome.handedOff);
    },
    async booked(appointmentId) {
      await syncBookedAppointment(app)(appointmentId);
      await raiseAppointmentBooked(app.db, ctx.events, appointmentId);
    },
    firstTokenTimeoutMs: FIRST_TOKEN_TIMEOUT_MS,
    now: () => new Date(),
  };

  async function finishCall(call: RelayCall, session: RelaySession, handedOff: boolean): Promise<void> {
    // Twilio reports a phone call's end itself (the status callback); otherwise we are the carrier.
    // A handed-off call goes on with a person, who ends it.
    const carrierReports = session.admission.kind === 'carrier' && app.config.twilio !== undefined;
    if (!handedOff && !carrierReports) {
      await callEnded(ctx, { callSid: call.callSid, outcome: 'completed' });
      // The simulator's carrier records a phone call as Twilio would; a browser conversation has no audio.
      if (session.admission.kind === 'carrier') await simulatedRecording(ctx, call.callSid);
    }
    // Every line is stored by now; the summary is written from them, however long the model takes.
    await app.jobs.send(callWrapUpJob, { callId: call.callId, transferred: handedOff });
    await app.realtime.broadcast(call.accountId, { type: 'LIVE_CALL_ENDED', callId: call.callId });
  }

  app.get(RELAY_PATH, { websocket: true }, (socket, request) => {
    const admission = admitRelay(app, request, links);
    if (admission.kind === 'refused') {
      request.log.warn({ reason: admission.reason }, 'relay session refused');
      socket.close(SOCKET_CLOSE_UNAUTHORIZED, 'Relay session refused');
      return;
    }
    const session = new RelaySession(
      deps,
      admission,
      (frame) => {
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
      },
      (refused) => socket.close(refused === undefined ? 1000 : SOCKET_CLOSE_UNAUTHORIZED, refused === undefined ? 'Session ended' : 'Relay session refused'),
    );
    open.set(socket, session);
    socket.on('message', (data: RawData) => {
      const parsed = parseRelayFrame(RelayInbound, data.toString());
      if (!parsed.ok) {
        request.log.warn({ callId: session.callId, error: parsed.error }, 'relay frame ignored');
        return;
      }
      session.receive(parsed.frame);
    });
    socket.on('close', (code) => {
      if (code === 1009) request.log.warn({ callId: session.callId }, 'relay session closed: frame too large');
      open.delete(socket);
      session.close().catch((err: unknown) => request.log.error({ err, callId: session.callId }, 'relay session wrap-up failed'));
    });
  });

  // Shutting down: every call's session is closed and wrapped up before the database goes.
  app.addHook('preClose', async () => {
    const closing = [...open].map(([socket, session]) => {
      socket.close(1001, 'Server shutting down');
      return session.close();
    });
    await Promise.allSettled(closing);
  });
}
