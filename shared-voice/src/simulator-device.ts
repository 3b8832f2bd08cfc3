import {
  backoffDelayMs, DEFAULT_BACKOFF, MALFORMED_INVITE_CODE, MALFORMED_INVITE_TEXT, parseMessage, SIMULATOR_VOICE_PATH, SimulatorServerMessage, SOCKET_CLOSE_UNAUTHORIZED,
  type SimulatorDeviceMessage,
} from 'shared-contracts';
import { Emitter } from './emitter';
import type { AudioDevices, PhoneCall, PhoneCallEvents, PhoneDevice, PhoneDeviceEvents, VoiceError } from './phone-device';

/** SDK codes the simulator reports, so the softphone handles both devices alike. */
const ACCESS_TOKEN_INVALID = 20101;
const UNEXPECTED_CLOSE = 31005;
const CONNECTION_ERROR = 31000;
const OPEN = 1; // WebSocket.OPEN

const voiceFailure = (error: VoiceError): Error & VoiceError => Object.assign(new Error(error.message), error);

class SimulatorCall extends Emitter<PhoneCallEvents> implements PhoneCall {
  sid: string | null;
  private over = false;

  constructor(private readonly device: SimulatorDevice, readonly from: string, sid: string | null) {
    super();
    this.sid = sid;
  }

  accept(): void {
    if (this.sid) this.device.send({ type: 'accept', callSid: this.sid });
  }

  reject(): void {
    if (this.sid) this.device.send({ type: 'reject', callSid: this.sid });
    this.end('reject');
  }

  disconnect(): void {
    // A call the other side already ended has nothing left to hang up.
    if (this.over) return;
    if (this.sid) this.device.send({ type: 'hangup', callSid: this.sid });
    this.end('disconnect');
  }

  sendDigits(digits: string): void {
    if (!this.sid) return;
    if (!this.device.send({ type: 'digits', callSid: this.sid, digits })) {
      this.emit('error', { code: CONNECTION_ERROR, message: 'Cannot send digits: no connection' });
    }
  }

  mute(): void {
    // A simulated line carries no audio; muting has nothing to silence.
  }

  /** Ends the call once, whichever side ended it. */
  end(event: 'disconnect' | 'cancel' | 'reject'): void {
    if (this.over) return;
    this.over = true;
    this.device.forget(this);
    this.emit(event);
  }
}

/**
 * The browser half of the telephony simulator: the same interface as the Voice SDK wrapper,
 * signalling over the API's simulator socket instead of Twilio's.
 */
export class SimulatorDevice extends Emitter<PhoneDeviceEvents> implements PhoneDevice {
  private socket: WebSocket | null = null;
  private readonly calls = new Map<string, SimulatorCall>();
  private readonly pending = new Map<string, { call: SimulatorCall; resolve: (call: PhoneCall) => void; reject: (error: Error) => void }>();
  private destroyed = false;
  private nextRequest = 0;
  private reconnectAttempt = 0;
  private everRegistered = false;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly wsBase: string, private token: string) {
    super();
  }

  register(): Promise<void> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(`${this.wsBase}${SIMULATOR_VOICE_PATH}?token=${encodeURIComponent(this.token)}`);
      this.socket = socket;
      let registered = false;
      socket.onmessage = (event: MessageEvent) => {
        const parsed = parseMessage(SimulatorServerMessage as never, typeof event.data === 'string' ? event.data : '') as
          { ok: true; message: SimulatorServerMessage } | { ok: false; error: string };
        if (!parsed.ok) {
          this.emit('error', { code: MALFORMED_INVITE_CODE, message: MALFORMED_INVITE_TEXT });
          return;
        }
        if (parsed.message.type === 'registered') {
          registered = true;
          this.everRegistered = true;
          this.reconnectAttempt = 0;
          this.emit('registered');
          resolve();
          return;
        }
        this.receive(parsed.message);
      };
      socket.onclose = (event: CloseEvent) => {
        if (this.socket !== socket) return;
        this.socket = null;
        for (const call of [...this.calls.values()]) call.end('disconnect');
        // A call still being placed never will be: its connect() fails instead of waiting for ever.
        for (const [requestId, waiting] of this.pending) {
          this.pending.delete(requestId);
          waiting.reject(voiceFailure({ code: UNEXPECTED_CLOSE, message: 'Unexpected websocket close' }));
        }
        this.emit('unregistered');
        if (this.destroyed) return;
        const error = event.code === SOCKET_CLOSE_UNAUTHORIZED
          ? { code: ACCESS_TOKEN_INVALID, message: 'Access token invalid' }
          : { code: UNEXPECTED_CLOSE, message: 'Unexpected websocket close' };
        if (!registered) reject(voiceFailure(error));
        else this.emit('error', error);
        // Signalling went offline: back to unregistered, and register again once it answers.
        if (registered && event.code !== SOCKET_CLOSE_UNAUTHORIZED) this.scheduleReconnect();
      };
    });
  }

  connect(to: string): Promise<PhoneCall> {
    const requestId = `r${++this.nextRequest}`;
    const call = new SimulatorCall(this, to, null);
    return new Promise((resolve, reject) => {
      if (!this.send({ type: 'connect', requestId, to })) {
        reject(voiceFailure({ code: 31009, message: 'No transport available' }));
        return;
      }
      this.pending.set(requestId, { call, resolve, reject });
    });
  }

  updateToken(token: string): void {
    this.token = token;
    if (this.socket === null && this.everRegistered && !this.destroyed) this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    clearTimeout(this.reconnectTimer);
    const delay = backoffDelayMs(DEFAULT_BACKOFF, this.reconnectAttempt++);
    this.reconnectTimer = setTimeout(() => {
      if (this.destroyed) return;
      this.register().catch((error: VoiceError) => {
        if (this.destroyed) return;
        // A refused token waits for updateToken(); anything else tries again later.
        if (error.code === ACCESS_TOKEN_INVALID) this.emit('error', { code: error.code, message: error.message });
        else this.scheduleReconnect();
      });
    }, delay);
  }

  destroy(): void {
    this.destroyed = true;
    clearTimeout(this.reconnectTimer);
    const socket = this.socket;
    this.socket = null;
    socket?.close(1000, 'Device destroyed');
  }

  audioDevices(): AudioDevices {
    return { inputs: [], outputs: [] };
  }

  async setInputDevice(): Promise<void> {}

  async setOutputDevice(): Promise<void> {}

  send(message: SimulatorDeviceMessage): boolean {
    if (!this.socket || this.socket.readyState !== OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  forget(call: SimulatorCall): void {
    if (call.sid) this.calls.delete(call.sid);
  }

  private receive(message: SimulatorServerMessage): void {
    switch (message.type) {
      case 'incoming': {
        const call = new SimulatorCall(this, message.from, message.callSid);
        this.calls.set(message.callSid, call);
        this.emit('incoming', call);
        return;
      }
      case 'ringing': {
        const waiting = this.pending.get(message.requestId);
        if (!waiting) return;
        this.pending.delete(message.requestId);
        waiting.call.sid = message.callSid;
        this.calls.set(message.callSid, waiting.call);
        waiting.resolve(waiting.call);
        return;
      }
      case 'accepted':
        this.calls.get(message.callSid)?.emit('accept');
        return;
      case 'cancel':
        this.calls.get(message.callSid)?.end('cancel');
        return;
      case 'disconnected':
        this.calls.get(message.callSid)?.end('disconnect');
        return;
      case 'error': {
        // The simulator refused a call this device asked for: that connect() fails.
        const waiting = message.requestId === undefined ? undefined : this.pending.get(message.requestId);
        if (waiting && message.requestId !== undefined) {
          this.pending.delete(message.requestId);
          waiting.reject(voiceFailure({ code: message.code, message: message.message }));
          return;
        }
        this.emit('error', { code: message.code, message: message.message });
        return;
      }
      case 'registered':
        return;
    }
  }
}
