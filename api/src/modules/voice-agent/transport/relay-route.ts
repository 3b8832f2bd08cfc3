import type { FastifyInstance } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { eq } from 'drizzle-orm';
import { CALL_END_REASONS, MEDIA_STREAM_PATH, RELAY_MAX_LINES_PER_CALL, RELAY_PATH, SOCKET_CLOSE_UNAUTHORIZED, type MediaStreamBrowserOutbound } from 'shared-contracts';
import { aiAgents, calls } from '../../../db/schema';
import { syncBookedAppointment } from '../../integrations';
import { callEnded, simulatedRecording } from '../../telephony';
import { addressPolicyFor, raiseAppointmentBooked } from '../../webhooks';
import { searchKnowledge } from '../knowledge/knowledge-passages';
import { callWrapUpJob } from '../responders/call-wrap-up';
import { responderForAgent } from '../responders/pick-responder';
import { customToolsFor } from '../tools/custom-tools';
import type { RelayCall } from '../session/call-record';
import { CallSession, type CallSessionDeps, type SessionEnding } from '../session/call-session';
import { recordEndReason, requestCallback, transferRoute } from '../session/call-transfer';
import { aiCallHandedOff } from '../session/handoff';
import { markSessionsSeen, SESSION_SEEN_INTERVAL_MS } from '../session/unfinished-calls';
import { openCallSpeech, pipelineClientsFor } from '../speech/call-speech';
import { MediaStreamAdapter, type CallSpeech } from './media-stream-adapter';
import { handoffOf, RelayAdapter, relayLine } from './relay-adapter';
import { admitRelay, browserRelayLinks } from './relay-handshake';

/**
 * How long a caller may hear nothing mid-reply before the holding sentence, and again before the
 * fallback: with the carrier's own speech time, a caller hears something within 4 s of every turn.
 */
export const REPLY_STALL_MS = 3_000;
/** The knowledge lookup's share of that: past it, the reply goes on without passages. */
const KNOWLEDGE_LOOKUP_MS = 1_500;
/** Choosing where a caller asking for a person goes reads the database; past this the session decides without it. */
const TRANSFER_ROUTE_MS = 2_000;

/**
 * The ConversationRelay endpoint: Twilio on a real call, the simulator's caller, and a USER's
 * browser open it. A session that is not signed, reuses a browser's link, or names no live AI
 * call is refused with a log line; frames go through the adapter (relay-adapter.ts), which
 * refuses bad ones and floods; the socket's 64 KiB frame cap closes a session that sends more.
 * Each session lives and fails on its own: one slow model never holds up another call, and a
 * call's state is released when its socket closes, however it closes.
 */
export async function relayRoutes(app: FastifyInstance): Promise<void> {
  const links = browserRelayLinks(app);
  const live = new Map<string, CallSession>();
  const open = new Map<WebSocket, CallSession>();
  /** Browser links already used, by call, until they expire: a link admits one socket. */
  const usedLinks = new Map<string, number>();
  /** Sessions a USER's browser carries: a conversation with no audio to record. */
  const inBrowser = new WeakSet<CallSession>();
  const ctx = app.telephony.context;
  let stopping = false;

  const deps: CallSessionDeps = {
    db: app.db,
    callLogs: app.callLogsCache,
    events: ctx.events,
    realtime: app.realtime,
    log: app.log,
    responderFor: (call) => responderForAgent(app, call.agent),
    searchKnowledge: (aiAgentId, text) => searchKnowledge(app.db, aiAgentId, text, 3),
    claim(callId, session) {
      if (live.has(callId)) return false;
      live.set(callId, session);
      return true;
    },
    routeTransfer: (call) => transferRoute(ctx, call),
    // A test call's message and handoff are kept in its trace only: nobody is asked to call back or rung.
    takeMessage: (call, message) => (call.isTest ? Promise.resolve() : requestCallback(ctx, call, message)),
    endChosen: (call, reason) => recordEndReason(ctx, call.callId, reason),
    async handOff(call, reason) {
      if (call.isTest) return;
      const result = await aiCallHandedOff(ctx, { callSid: call.callSid, reason });
      if (result.ok) app.telephony.simulator?.ringHandoff(call.callSid, result);
    },
    async finished(call, session, ending) {
      if (live.get(call.callId) === session) live.delete(call.callId);
      await finishCall(call, session, ending);
    },
    async booked(appointmentId) {
      await syncBookedAppointment(app)(appointmentId);
      await raiseAppointmentBooked(app.db, ctx.events, appointmentId);
    },
    customTools: (call) => customToolsFor(call, { credentialsKey: app.config.credentialsKey, policy: addressPolicyFor(app.config.nodeEnv), log: app.log }),
    timings: { stallMs: REPLY_STALL_MS, knowledgeMs: KNOWLEDGE_LOOKUP_MS, routeMs: TRANSFER_ROUTE_MS },
    maxLines: RELAY_MAX_LINES_PER_CALL,
    now: () => new Date(),
  };

  async function finishCall(call: RelayCall, session: CallSession, ending: SessionEnding): Promise<void> {
    // Twilio's voice takes the call on in a new session: the call and its record go on.
    if (ending.kind === 'resume') return;
    const handedOff = ending.kind === 'queue';
    // Twilio reports a phone call's end itself (the status callback); otherwise we are the carrier.
    // A handed-off call goes on with a person, who ends it.
    if (!handedOff && !session.carrierActs) {
      await callEnded(ctx, { callSid: call.callSid, outcome: 'completed', endReason: ending.reason });
      // The simulator's carrier records a phone call as Twilio would; a browser conversation has no audio.
      if (!inBrowser.has(session)) await simulatedRecording(ctx, call.callSid);
    } else {
      await recordEndReason(ctx, call.callId, ending.reason);
    }
    // Every line is stored by now; the summary is written from them, however long the model takes.
    // A test call is judged by its scenario instead, and removed once it is.
    if (!call.isTest) await app.jobs.send(callWrapUpJob, { callId: call.callId, transferred: handedOff });
    await app.realtime.broadcast(call.accountId, { type: 'LIVE_CALL_ENDED', callId: call.callId });
  }

  /** A browser link admits one socket; links past their window are forgotten. */
  function firstUseOf(callId: string): boolean {
    const now = Date.now();
    for (const [id, expires] of usedLinks) if (expires < now) usedLinks.delete(id);
    if (usedLinks.has(callId)) return false;
    usedLinks.set(callId, now + links.windowMs);
    return true;
  }

  app.get(RELAY_PATH, { websocket: true }, (socket, request) => {
    let admission = admitRelay(app, request, links);
    if (admission.kind === 'browser' && !firstUseOf(admission.callId)) admission = { kind: 'refused', reason: 'the link was already used' };
    if (admission.kind === 'refused') {
      request.log.warn({ reason: admission.reason }, 'relay session refused');
      socket.close(SOCKET_CLOSE_UNAUTHORIZED, 'Relay session refused');
      return;
    }
    const close = (refused?: string) => socket.close(
      refused === undefined ? 1000 : SOCKET_CLOSE_UNAUTHORIZED, refused === undefined ? 'Session ended' : 'Relay session refused',
    );
    const line = relayLine((frame) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
    }, close);
    const carrierActs = admission.kind === 'carrier' && app.config.twilio !== undefined;
    const session = new CallSession(deps, line, carrierActs);
    if (admission.kind === 'browser') inBrowser.add(session);
    const adapter = new RelayAdapter(session, request.log, admission.kind === 'browser' ? admission.callId : null, close);
    open.set(socket, session);
    socket.on('message', (data: RawData, isBinary: boolean) => adapter.receive(isBinary ? null : data.toString()));
    socket.on('close', (code) => {
      if (code === 1009) request.log.warn({ callId: session.callId }, 'relay session closed: frame too large');
      adapter.stop();
      open.delete(socket);
      session.close(stopping ? CALL_END_REASONS.serverStopped : CALL_END_REASONS.callerHungUp)
        .catch((err: unknown) => request.log.error({ err, callId: session.callId }, 'relay session wrap-up failed'));
    });
  });

  /** The speech clients of a call's agent, opened for our pipeline. */
  async function callSpeech(callId: string): Promise<CallSpeech> {
    const [agent] = await app.db.select({ voiceId: aiAgents.voiceId, sttClientId: aiAgents.sttClientId, language: aiAgents.language })
      .from(calls).innerJoin(aiAgents, eq(aiAgents.id, calls.aiAgentId)).where(eq(calls.id, callId));
    if (!agent) throw new Error('the call has no AI agent');
    const clients = await pipelineClientsFor(app.db, app.config.credentialsKey, agent);
    if (!clients.ok) throw new Error(clients.reason);
    return openCallSpeech(clients);
  }

  // Twilio Media Streams: the agents whose speech runs through our pipeline. The carrier opens it
  // for a phone call, and a USER's browser with its link for a test call in the agent's own voice.
  app.get(MEDIA_STREAM_PATH, { websocket: true }, (socket, request) => {
    let admission = admitRelay(app, request, links);
    if (admission.kind === 'browser' && !firstUseOf(admission.callId)) admission = { kind: 'refused', reason: 'the link was already used' };
    if (admission.kind === 'refused') {
      request.log.warn({ reason: admission.reason }, 'media stream refused');
      socket.close(SOCKET_CLOSE_UNAUTHORIZED, 'Media stream refused');
      return;
    }
    const adapter = new MediaStreamAdapter({
      browserCallId: admission.kind === 'browser' ? admission.callId : undefined,
      send: (frame: MediaStreamBrowserOutbound) => {
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
      },
      close: (refused?: string) => socket.close(
        refused === undefined ? 1000 : SOCKET_CLOSE_UNAUTHORIZED, refused === undefined ? 'Session ended' : 'Media stream refused',
      ),
      log: request.log,
      speechFor: callSpeech,
      ended: async (callId, ending) => {
        await app.db.update(calls).set({ streamHandoff: handoffOf(ending) }).where(eq(calls.id, callId));
      },
    });
    const session = new CallSession(deps, adapter.line, admission.kind === 'carrier' && app.config.twilio !== undefined);
    if (admission.kind === 'browser') inBrowser.add(session);
    adapter.attach(session);
    open.set(socket, session);
    socket.on('message', (data: RawData, isBinary: boolean) => adapter.receive(isBinary ? null : data.toString()));
    socket.on('close', (code) => {
      if (code === 1009) request.log.warn({ callId: session.callId }, 'media stream closed: frame too large');
      adapter.stop();
      open.delete(socket);
      session.close(stopping ? CALL_END_REASONS.serverStopped : CALL_END_REASONS.callerHungUp)
        .catch((err: unknown) => request.log.error({ err, callId: session.callId }, 'media stream wrap-up failed'));
    });
  });

  // The calls this instance holds are seen alive; one whose instance dies stops being seen, and
  // the sweep on another instance (unfinished-calls.ts) finishes it.
  const seen = setInterval(() => {
    markSessionsSeen(app.db, [...live.keys()]).catch((err: unknown) => app.log.warn({ err }, 'live calls not marked seen'));
  }, SESSION_SEEN_INTERVAL_MS);
  seen.unref();

  // Shutting down: every call's session is closed and wrapped up before the database goes.
  app.addHook('preClose', async () => {
    stopping = true;
    clearInterval(seen);
    const closing = [...open].map(([socket, session]) => {
      socket.close(1001, 'Server shutting down');
      return session.close(CALL_END_REASONS.serverStopped);
    });
    await Promise.allSettled(closing);
  });
}
