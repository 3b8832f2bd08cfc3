import { RELAY_PATH } from 'shared-contracts';
import { RelayCaller } from './relay-caller';

/** The relay socket URL on an API origin (http://host:port). */
export const relaySocketUrl = (origin: string) => `${origin.replace(/^http/, 'ws')}${RELAY_PATH}`;

/** A local caller door of the telephony simulator (only this machine may use them), on an API origin. */
export async function simulatorDoor(origin: string, path: string, body?: unknown) {
  const response = await fetch(`${origin}/v1/telephony/simulator/${path}`, {
    method: 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: response.status, body: (text === '' ? undefined : JSON.parse(text)) as any };
}

export interface DialedCall {
  caller: RelayCaller;
  callSid: string;
  callId: string;
  /** The X-Twilio-Signature of the relay URL, for a test that opens more sockets to it. */
  signature: string;
}

/**
 * A caller dials an AI agent's number through the simulator's caller door and the call connects
 * to the agent over the relay socket, as `pnpm --filter api sim call` does; the session is set up
 * unless `setup: false`.
 */
export async function dialAiAgent(origin: string, to: string, from: string, options: { setup?: boolean } = {}): Promise<DialedCall> {
  const door = await simulatorDoor(origin, 'inbound-call', { from, to });
  if (door.status !== 200) throw new Error(`the simulator refused the call to ${to}: ${door.status} ${JSON.stringify(door.body)}`);
  const { callSid, callId, relay } = door.body.data as { callSid: string; callId: string; relay: { signature: string } };
  const caller = new RelayCaller({ url: relaySocketUrl(origin), signature: relay.signature, callSid, callId, from, to });
  await caller.opened;
  if (options.setup !== false) await caller.start();
  return { caller, callSid, callId, signature: relay.signature };
}
