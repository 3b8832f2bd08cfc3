import { randomBytes } from 'node:crypto';
import type { WebSocket } from 'ws';
import type { SimulatorDeviceMessage, SimulatorServerMessage } from 'shared-contracts';
import { callAnswered, callEnded, inboundCall, outboundCall, type TelephonyContext } from './call-events';
import type { AgentLine } from './numbers';
import { simulatedRecording } from './simulated-recording';

/** A simulated callee picks up this long after being dialled. */
export const SIMULATED_ANSWER_MS = 1_500;

export const newCallSid = () => `CA${randomBytes(16).toString('hex')}`;

interface LiveCall {
  accountId: string;
  /** Agents whose devices are ringing (inbound only). */
  ringing: Set<string>;
  /** The agent on the call once it is answered (or who placed it). */
  agentUserId: string | null;
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

  constructor(private readonly ctx: TelephonyContext, private readonly onError: (err: unknown) => void) {}

  register(agent: AgentLine, socket: WebSocket): () => void {
    let set = this.devices.get(agent.userId);
    if (!set) this.devices.set(agent.userId, (set = new Set()));
    set.add(socket);
    this.sendTo(socket, { type: 'registered' });
    return () => {
      set.delete(socket);
      if (set.size === 0) this.devices.delete(agent.userId);
    };
  }

  /** A simulated caller dials an agent number (the dev command and the e2e tests do this). */
  async ringIn(from: string, to: string): Promise<{ callSid: string; rang: number } | null> {
    const callSid = newCallSid();
    const result = await inboundCall(this.ctx, { callSid, from, to });
    if (!result.accepted) return null;
    const ring = result.ring.filter((agent) => this.devices.has(agent.userId));
    const live: LiveCall = { accountId: result.accountId, ringing: new Set(ring.map((a) => a.userId)), agentUserId: null };
    this.calls.set(callSid, live);
    for (const agent of ring) this.sendToAgent(agent.userId, { type: 'incoming', callSid, from });
    // Nobody picks up within the account's ring timeout: the caller stays queued for a call back.
    live.timer = setTimeout(() => void this.endUnanswered(callSid, 'no-answer'), result.policy.ringTimeoutSeconds * 1000);
    live.timer.unref?.();
    return { callSid, rang: ring.length };
  }

  /** The simulated caller hangs up. */
  async callerHangup(callSid: string): Promise<boolean> {
    const live = this.calls.get(callSid);
    if (!live) return false;
    if (live.agentUserId === null) return this.endUnanswered(callSid, 'canceled');
    await this.finish(callSid, live);
    return true;
  }

  async onDeviceMessage(agent: AgentLine, socket: WebSocket, message: SimulatorDeviceMessage): Promise<void> {
    if (message.type === 'connect') return this.placeCall(agent, socket, message.requestId, message.to);
    const live = this.calls.get(message.callSid);
    // Another account's call, or one that is over: the same answer, so sids are not probed.
    if (!live || live.accountId !== agent.accountId) {
      return this.sendTo(socket, { type: 'error', code: 31404, message: 'Unknown call' });
    }
    switch (message.type) {
      case 'accept': {
        if (!live.ringing.has(agent.userId) || !(await callAnswered(this.ctx, { callSid: message.callSid, agentUserId: agent.userId }))) {
          return this.sendTo(socket, { type: 'cancel', callSid: message.callSid });
        }
        clearTimeout(live.timer);
        live.agentUserId = agent.userId;
        for (const other of live.ringing) if (other !== agent.userId) this.sendToAgent(other, { type: 'cancel', callSid: message.callSid });
        live.ringing.clear();
        return this.sendToAgent(agent.userId, { type: 'accepted', callSid: message.callSid });
      }
      case 'reject':
        live.ringing.delete(agent.userId);
        this.sendToAgent(agent.userId, { type: 'cancel', callSid: message.callSid });
        if (live.ringing.size === 0 && live.agentUserId === null) await this.endUnanswered(message.callSid, 'no-answer');
        return;
      case 'hangup':
        if (live.agentUserId !== agent.userId) return this.sendTo(socket, { type: 'error', code: 31404, message: 'Unknown call' });
        return this.finish(message.callSid, live);
      case 'digits':
        // A simulated line has nobody to hear tones; accepting them proves the path works.
        return;
    }
  }

  private async placeCall(agent: AgentLine, socket: WebSocket, requestId: string, to: string): Promise<void> {
    const callSid = newCallSid();
    const result = await outboundCall(this.ctx, { callSid, identity: agent.email, to });
    if (!result.ok) return this.sendTo(socket, { type: 'error', code: 31603, message: result.reason });
    const live: LiveCall = { accountId: agent.accountId, ringing: new Set(), agentUserId: agent.userId };
    this.calls.set(callSid, live);
    this.sendTo(socket, { type: 'ringing', callSid, requestId });
    live.timer = setTimeout(() => {
      void callAnswered(this.ctx, { callSid, agentUserId: agent.userId })
        .then((answered) => {
          if (answered && this.calls.has(callSid)) this.sendToAgent(agent.userId, { type: 'accepted', callSid });
        })
        .catch(this.onError);
    }, SIMULATED_ANSWER_MS);
    live.timer.unref?.();
  }

  private async finish(callSid: string, live: LiveCall): Promise<void> {
    clearTimeout(live.timer);
    this.calls.delete(callSid);
    await callEnded(this.ctx, { callSid, outcome: 'completed' });
    await simulatedRecording(this.ctx, callSid);
    if (live.agentUserId !== null) this.sendToAgent(live.agentUserId, { type: 'disconnected', callSid });
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
  }

  private sendToAgent(agentUserId: string, message: SimulatorServerMessage): void {
    for (const socket of this.devices.get(agentUserId) ?? []) this.sendTo(socket, message);
  }

  private sendTo(socket: WebSocket, message: SimulatorServerMessage): void {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
  }
}
