import { randomBytes } from 'node:crypto';
import type { WebSocket } from 'ws';
import {
  CALL_SUPERVISION_TEXT, SUPERVISE_ADDRESS_PREFIX, SUPERVISOR_HEARD_BY,
  type SimulatedCallerHears, type SimulatorDeviceMessage, type SimulatorServerMessage, type SuperviseMode,
} from 'shared-contracts';
import { moveStatus } from '../realtime';
import { consultAnswered, consultEnded } from './consult-events';
import { callAnswered, callEnded, callReturnedToQueue, inboundCall, numberNotReached, outboundCall, ringFor, type DialerPolicy, type TelephonyContext } from './call-events';
import type { AgentLine, DeviceOwner } from './numbers';
import { simulatedRecording } from './simulated-recording';
import { SIMULATED_CALLEES } from './simulator-provider';
import { supervisionEnded, supervisorJoined, tellSupervision } from './supervision-events';

/** A simulated callee picks up this long after being dialled. */
export const SIMULATED_ANSWER_MS = 1_500;

export const newCallSid = () => `CA${randomBytes(16).toString('hex')}`;

interface LiveCall {
  accountId: string;
  /** The other party's number: the caller's, or the number an agent dialled. */
  from: string;
  /** Agents whose devices are ringing (inbound only). */
  ringing: Set<string>;
  /** The agent on the call once it is answered (or who placed it). */
  agentUserId: string | null;
  /** The agent's device carrying the call: the one that placed or accepted it. */
  device: WebSocket | null;
  /** When the call was answered (ms since epoch); its duration runs from here. */
  answeredAt: number | null;
  /** The caller is on hold: they hear the hold tone, not the agent. */
  held: boolean;
  /** What happens when nobody rung picks up (the ring time runs out, or all decline). */
  unanswered?: () => Promise<unknown>;
  /** The outside number the caller was transferred to: nobody of ours is on the call. */
  outside?: string;
  /** A warm transfer's colleague: ringing (no device yet) or talking to the agent on `device`. */
  consult?: { agentUserId: string; device: WebSocket | null; timer?: ReturnType<typeof setTimeout> };
  /** A USER supervising the call from their browser phone, on its own leg. */
  supervisor?: { userId: string; device: WebSocket; legSid: string; mode: SuperviseMode };
  timer?: ReturnType<typeof setTimeout>;
}

/**
 * The simulator's switchboard, in this process: which agents' browser devices are registered,
 * and the calls in flight. It plays Twilio's part (ringing devices, connecting, reporting
 * statuses) and reports every change through the same call-events functions as the webhooks.
 */
export class SimulatorHub {
  private readonly devices = new Map<string, Set<WebSocket>>();
  private readonly calls = new Map<string, LiveCall>();
  /** A supervisor's leg sid to the call it supervises. */
  private readonly supervisorLegs = new Map<string, string>();

  constructor(private readonly ctx: TelephonyContext, private readonly onError: (err: unknown) => void) {}

  register(agent: DeviceOwner, socket: WebSocket): () => void {
    let set = this.devices.get(agent.userId);
    if (!set) this.devices.set(agent.userId, (set = new Set()));
    set.add(socket);
    this.sendTo(socket, { type: 'registered' });
    return () => {
      set.delete(socket);
      if (set.size === 0) this.devices.delete(agent.userId);
      this.deviceGone(agent, socket).catch(this.onError);
    };
  }

  /**
   * A device's socket closed: the tab was closed, the browser crashed or the network went. A
   * caller on it returns to the queue and the account's available agents are rung; a call the
   * agent dialled ends as a hang-up would, logged with the time it lasted; a call ringing only
   * there stops ringing; and an agent with no device left is offline, not busy for ever.
   */
  private async deviceGone(agent: DeviceOwner, socket: WebSocket): Promise<void> {
    const online = this.devices.has(agent.userId);
    for (const [callSid, live] of [...this.calls]) {
      if (live.supervisor?.device === socket) await this.supervisorLeft(callSid, live.supervisor.legSid);
      if (live.consult?.device === socket || (!online && live.consult?.agentUserId === agent.userId && live.consult.device === null)) {
        await this.consultGone(callSid, live);
      }
      if (live.device === socket) {
        const agentStatus = online ? 'available' : 'offline';
        this.endConsult(callSid);
        this.endSupervision(callSid);
        const waiting = await callReturnedToQueue(this.ctx, { callSid, agentUserId: agent.userId, agentStatus });
        if (waiting === null) await this.finish(callSid, live, agentStatus);
        else {
          clearTimeout(live.timer);
          this.ring(callSid, waiting);
          // The call's talk time runs from its first answer.
          this.calls.get(callSid)!.answeredAt = live.answeredAt;
        }
      } else if (!online && live.ringing.delete(agent.userId) && live.ringing.size === 0 && live.agentUserId === null) {
        await this.nobodyAnswered(live);
      }
    }
    // Checked again: a device that registered meanwhile (a reloaded page) keeps the agent reachable.
    if (this.devices.has(agent.userId)) return;
    const offline = await moveStatus(this.ctx.db, agent.userId, ['available', 'busy', 'wrap-up', 'away'], 'offline');
    if (offline !== null) await this.ctx.realtime.broadcast(agent.accountId, { type: 'STATUS_UPDATED', ...offline });
  }

  /** A simulated caller dials an agent number (the dev command and the e2e tests do this). */
  async ringIn(from: string, to: string): Promise<{ callSid: string; rang: number } | null> {
    const callSid = newCallSid();
    const result = await inboundCall(this.ctx, { callSid, from, to });
    if (!result.accepted) return null;
    return { callSid, rang: this.ring(callSid, { ...result, from }) };
  }

  /**
   * An AI agent handed its caller to a person: the account's
   * available agents' devices ring, as for a new inbound call. The AI answered the call, so
   * nobody picking up ends it as an answered call, its caller left in the queue for a call back.
   */
  ringHandoff(callSid: string, result: { accountId: string; from: string; ring: AgentLine[]; policy: DialerPolicy }): number {
    return this.ring(callSid, result);
  }

  private ring(
    callSid: string, result: { accountId: string; from: string; ring: AgentLine[]; policy: DialerPolicy },
    unanswered: () => Promise<unknown> = () => this.endUnanswered(callSid, 'no-answer'),
  ): number {
    const ring = result.ring.filter((agent) => this.devices.has(agent.userId));
    const live: LiveCall = {
      accountId: result.accountId, from: result.from, ringing: new Set(ring.map((a) => a.userId)), agentUserId: null, device: null, answeredAt: null, held: false,
    };
    this.calls.set(callSid, live);
    for (const agent of ring) this.sendToAgent(agent.userId, { type: 'incoming', callSid, from: result.from });
    // Nobody picks up within the account's ring timeout: the caller stays queued for a call back.
    live.unanswered = unanswered;
    live.timer = setTimeout(() => void unanswered().catch(this.onError), result.policy.ringTimeoutSeconds * 1000);
    live.timer.unref?.();
    return ring.length;
  }

  /**
   * The agent holds the other party, or takes them off hold. False when the call is not connected
   * here (over, or not answered yet).
   */
  hold(callSid: string, held: boolean): boolean {
    const live = this.calls.get(callSid);
    if (!live || live.answeredAt === null || live.agentUserId === null) return false;
    live.held = held;
    return true;
  }

  /**
   * The agent hands their caller to a colleague: the agent's device is told the call left it, and
   * the colleague's devices ring; unanswered, every available agent is rung once more. False
   * when the call is not connected here.
   */
  transfer(callSid: string, to: AgentLine, policy: DialerPolicy): boolean {
    const live = this.calls.get(callSid);
    if (!live || live.answeredAt === null || live.agentUserId === null) return false;
    clearTimeout(live.timer);
    this.endSupervision(callSid);
    this.sendToAgent(live.agentUserId, { type: 'disconnected', callSid });
    const again = async () => {
      this.calls.delete(callSid);
      const { ring, policy: now } = await ringFor(this.ctx, live.accountId);
      if (ring.length === 0) return this.endUnanswered(callSid, 'no-answer');
      this.ring(callSid, { accountId: live.accountId, from: live.from, ring, policy: now });
      this.calls.get(callSid)!.answeredAt = live.answeredAt;
      return true;
    };
    this.ring(callSid, { accountId: live.accountId, from: live.from, ring: [to], policy }, again);
    // The call's talk time runs from its first answer.
    this.calls.get(callSid)!.answeredAt = live.answeredAt;
    return true;
  }

  /**
   * The agent transfers their caller to an outside number: the agent's device is told the call left
   * it, and the number answers, unless it is one of the simulator's numbers that never do
   * (SIMULATED_CALLEES): then the caller comes back to the desk and the available agents are rung.
   */
  transferToNumber(callSid: string, number: string): boolean {
    const live = this.calls.get(callSid);
    if (!live || live.answeredAt === null || live.agentUserId === null) return false;
    clearTimeout(live.timer);
    this.endConsult(callSid);
    this.endSupervision(callSid);
    this.sendToAgent(live.agentUserId, { type: 'disconnected', callSid });
    live.agentUserId = null;
    live.device = null;
    live.held = false;
    live.outside = number;
    if (number === SIMULATED_CALLEES.busy || number === SIMULATED_CALLEES.noAnswer) {
      live.timer = setTimeout(() => void this.outsideUnreached(callSid, live).catch(this.onError), SIMULATED_ANSWER_MS);
      live.timer.unref?.();
    }
    return true;
  }

  private async outsideUnreached(callSid: string, live: LiveCall): Promise<void> {
    delete live.outside;
    const back = await numberNotReached(this.ctx, { callSid });
    if (back === null) return;
    if (back.ring.length === 0) {
      await this.endUnanswered(callSid, 'no-answer');
      return;
    }
    this.ring(callSid, back);
    this.calls.get(callSid)!.answeredAt = live.answeredAt;
  }

  /** Warm transfer: the colleague's devices ring for the call, from the agent's number. False when the call is not connected here. */
  consult(callSid: string, to: AgentLine, from: string, policy: DialerPolicy): boolean {
    const live = this.calls.get(callSid);
    if (!live || live.answeredAt === null || live.agentUserId === null || live.consult) return false;
    const consult: NonNullable<LiveCall['consult']> = { agentUserId: to.userId, device: null };
    live.consult = consult;
    this.sendToAgent(to.userId, { type: 'incoming', callSid, from });
    consult.timer = setTimeout(() => void this.consultGone(callSid, live).catch(this.onError), policy.ringTimeoutSeconds * 1000);
    consult.timer.unref?.();
    return true;
  }

  /** Warm transfer: the colleague keeps the caller, off hold; the agent's device is told the call left it. */
  completeTransfer(callSid: string): boolean {
    const live = this.calls.get(callSid);
    const consult = live?.consult;
    if (!live || !consult?.device || live.agentUserId === null) return false;
    this.endSupervision(callSid);
    this.sendToAgent(live.agentUserId, { type: 'disconnected', callSid });
    live.agentUserId = consult.agentUserId;
    live.device = consult.device;
    live.held = false;
    delete live.consult;
    return true;
  }

  /** Warm transfer: the colleague's device stops ringing, or is hung up; the caller stays on hold with the agent. */
  endConsult(callSid: string): void {
    const live = this.calls.get(callSid);
    const consult = live?.consult;
    if (!live || !consult) return;
    clearTimeout(consult.timer);
    delete live.consult;
    this.sendToAgent(consult.agentUserId, consult.device ? { type: 'disconnected', callSid } : { type: 'cancel', callSid });
  }

  /** The colleague answers, declines or hangs up the consult. */
  private async onConsultMessage(callSid: string, live: LiveCall, socket: WebSocket, type: SimulatorDeviceMessage['type']): Promise<void> {
    const consult = live.consult!;
    if (type === 'accept' && consult.device === null) {
      clearTimeout(consult.timer);
      consult.device = socket;
      this.sendToAgent(consult.agentUserId, { type: 'accepted', callSid });
      await consultAnswered(this.ctx, { callSid, colleagueId: consult.agentUserId });
    } else if (type === 'reject' || type === 'hangup') {
      await this.consultGone(callSid, live);
    }
  }

  /** The colleague was not reached, declined, hung up or their browser went. */
  private async consultGone(callSid: string, live: LiveCall): Promise<void> {
    if (!live.consult) return;
    this.endConsult(callSid);
    await consultEnded(this.ctx, { callSid });
  }

  /** What the simulated caller hears, for the caller door; null for a call that is not in flight here. */
  callerHears(callSid: string): SimulatedCallerHears | null {
    const live = this.calls.get(callSid);
    if (!live) return null;
    if (live.outside !== undefined) return 'the number transferred to';
    if (live.answeredAt === null || live.agentUserId === null) return 'ringing';
    return live.held ? 'hold tone' : 'a person';
  }

  /** Who hears the call's supervisor, for the caller door; null when nobody supervises it here. */
  supervisorOf(callSid: string): { mode: SuperviseMode; heardBy: readonly ('agent' | 'caller')[] } | null {
    const supervisor = this.calls.get(callSid)?.supervisor;
    return supervisor ? { mode: supervisor.mode, heardBy: SUPERVISOR_HEARD_BY[supervisor.mode] } : null;
  }

  /** The supervisor changes how they are on the call. False when no supervisor's phone is on it here. */
  superviseMode(callSid: string, mode: SuperviseMode): boolean {
    const supervisor = this.calls.get(callSid)?.supervisor;
    if (!supervisor) return false;
    supervisor.mode = mode;
    return true;
  }

  /** The supervisor's leg leaves the call: their phone is told so. */
  endSupervision(callSid: string): void {
    const live = this.calls.get(callSid);
    const supervisor = live?.supervisor;
    if (!live || !supervisor) return;
    delete live.supervisor;
    this.supervisorLegs.delete(supervisor.legSid);
    this.sendTo(supervisor.device, { type: 'disconnected', callSid: supervisor.legSid });
  }

  /**
   * A supervisor's phone calls `supervise:<callSid>`: it joins on a leg of its own when the
   * supervisor holds the call's claim (desk/supervise-call), in the mode they chose; otherwise the
   * connect is refused, so two supervisors never both get a leg.
   */
  private async joinSupervision(owner: DeviceOwner, socket: WebSocket, requestId: string, callSid: string): Promise<void> {
    const live = this.calls.get(callSid);
    if (!live || live.accountId !== owner.accountId || live.agentUserId === null || live.answeredAt === null || live.supervisor) {
      return this.sendTo(socket, { type: 'error', code: 31603, message: live?.supervisor ? CALL_SUPERVISION_TEXT.taken : CALL_SUPERVISION_TEXT.noPerson, requestId });
    }
    const legSid = newCallSid();
    const call = await supervisorJoined(this.ctx, { callSid, supervisorUserId: owner.userId, legSid });
    if (call === null || call.superviseMode === null || live.supervisor) {
      return this.sendTo(socket, { type: 'error', code: 31603, message: CALL_SUPERVISION_TEXT.notSupervising, requestId });
    }
    live.supervisor = { userId: owner.userId, device: socket, legSid, mode: call.superviseMode };
    this.supervisorLegs.set(legSid, callSid);
    this.sendTo(socket, { type: 'ringing', callSid: legSid, requestId });
    this.sendTo(socket, { type: 'accepted', callSid: legSid });
    await tellSupervision(this.ctx, call);
  }

  /** The supervisor hung up, or their phone went: the call goes on without them. */
  private async supervisorLeft(callSid: string, legSid: string): Promise<void> {
    this.endSupervision(callSid);
    await supervisionEnded(this.ctx, { callSid, legSid });
  }

  /** The simulated caller hangs up. */
  async callerHangup(callSid: string): Promise<boolean> {
    const live = this.calls.get(callSid);
    if (!live) return false;
    if (live.agentUserId === null && live.outside === undefined) return this.endUnanswered(callSid, 'canceled');
    await this.finish(callSid, live);
    return true;
  }

  async onDeviceMessage(agent: DeviceOwner, socket: WebSocket, message: SimulatorDeviceMessage): Promise<void> {
    if (message.type === 'connect') {
      if (message.to.startsWith(SUPERVISE_ADDRESS_PREFIX)) return this.joinSupervision(agent, socket, message.requestId, message.to.slice(SUPERVISE_ADDRESS_PREFIX.length));
      return this.placeCall(agent, socket, message.requestId, message.to);
    }
    const supervised = this.supervisorLegs.get(message.callSid);
    if (supervised !== undefined) {
      const supervisor = this.calls.get(supervised)?.supervisor;
      if (supervisor?.device === socket && message.type === 'hangup') await this.supervisorLeft(supervised, message.callSid);
      return;
    }
    const live = this.calls.get(message.callSid);
    // Another account's call, or one that is over: the same answer, so sids are not probed. Hanging
    // up a call that is over (the caller hung up as the agent did) is done already: no error.
    if (!live || live.accountId !== agent.accountId) {
      if (message.type === 'hangup') return;
      return this.sendTo(socket, { type: 'error', code: 31404, message: 'Unknown call' });
    }
    if (live.consult?.agentUserId === agent.userId) return this.onConsultMessage(message.callSid, live, socket, message.type);
    switch (message.type) {
      case 'accept': {
        if (!live.ringing.has(agent.userId) || !(await callAnswered(this.ctx, { callSid: message.callSid, agentUserId: agent.userId }))) {
          return this.sendTo(socket, { type: 'cancel', callSid: message.callSid });
        }
        clearTimeout(live.timer);
        live.agentUserId = agent.userId;
        live.device = socket;
        live.answeredAt ??= Date.now();
        for (const other of live.ringing) if (other !== agent.userId) this.sendToAgent(other, { type: 'cancel', callSid: message.callSid });
        live.ringing.clear();
        return this.sendToAgent(agent.userId, { type: 'accepted', callSid: message.callSid });
      }
      case 'reject':
        live.ringing.delete(agent.userId);
        this.sendToAgent(agent.userId, { type: 'cancel', callSid: message.callSid });
        if (live.ringing.size === 0 && live.agentUserId === null) await this.nobodyAnswered(live);
        return;
      case 'hangup':
        if (live.agentUserId !== agent.userId) return this.sendTo(socket, { type: 'error', code: 31404, message: 'Unknown call' });
        return this.finish(message.callSid, live);
      case 'digits':
        // A simulated line has nobody to hear tones; accepting them proves the path works.
        return;
    }
  }

  private async placeCall(agent: DeviceOwner, socket: WebSocket, requestId: string, to: string): Promise<void> {
    const callSid = newCallSid();
    const result = await outboundCall(this.ctx, { callSid, identity: agent.email, to });
    if (!result.ok) return this.sendTo(socket, { type: 'error', code: 31603, message: result.reason, requestId });
    const live: LiveCall = {
      accountId: agent.accountId, from: to, ringing: new Set(), agentUserId: agent.userId, device: socket, answeredAt: null, held: false,
    };
    this.calls.set(callSid, live);
    this.sendTo(socket, { type: 'ringing', callSid, requestId });
    live.timer = setTimeout(() => {
      void callAnswered(this.ctx, { callSid, agentUserId: agent.userId })
        .then((answered) => {
          if (!answered || !this.calls.has(callSid)) return;
          live.answeredAt = Date.now();
          this.sendToAgent(agent.userId, { type: 'accepted', callSid });
        })
        .catch(this.onError);
    }, SIMULATED_ANSWER_MS);
    live.timer.unref?.();
  }

  private async finish(callSid: string, live: LiveCall, agentStatus: 'available' | 'offline' = 'available'): Promise<void> {
    clearTimeout(live.timer);
    // The call's end lets a warm transfer's colleague and a supervisor go too (callEnded frees them).
    this.endConsult(callSid);
    this.endSupervision(callSid);
    this.calls.delete(callSid);
    const durationSeconds = live.answeredAt === null ? undefined : Math.round((Date.now() - live.answeredAt) / 1000);
    await callEnded(this.ctx, { callSid, outcome: 'completed', durationSeconds, agentStatus });
    await simulatedRecording(this.ctx, callSid);
    if (live.agentUserId !== null) this.sendToAgent(live.agentUserId, { type: 'disconnected', callSid });
  }

  /** Everyone rung declined or went: as when the ring time runs out. */
  private async nobodyAnswered(live: LiveCall): Promise<void> {
    clearTimeout(live.timer);
    await live.unanswered?.();
  }

  private async endUnanswered(callSid: string, outcome: 'no-answer' | 'canceled'): Promise<boolean> {
    const live = this.calls.get(callSid);
    if (!live) return false;
    clearTimeout(live.timer);
    this.calls.delete(callSid);
    for (const agentUserId of live.ringing) this.sendToAgent(agentUserId, { type: 'cancel', callSid });
    try {
      await callEnded(this.ctx, { callSid, outcome });
    } catch (err) {
      this.onError(err);
    }
    return true;
  }

  close(): void {
    for (const live of this.calls.values()) clearTimeout(live.timer);
    this.calls.clear();
    this.supervisorLegs.clear();
  }

  private sendToAgent(agentUserId: string, message: SimulatorServerMessage): void {
    for (const socket of this.devices.get(agentUserId) ?? []) this.sendTo(socket, message);
  }

  private sendTo(socket: WebSocket, message: SimulatorServerMessage): void {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
  }
}
