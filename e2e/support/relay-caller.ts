import { expect, type APIRequestContext } from '@playwright/test';
import WebSocket from 'ws';
import { RELAY_PATH, parseRelayHandoff, type RelayHandoff } from 'shared-contracts';
import { API_URL } from './ports';

/**
 * A phone caller of an AI agent, as the telephony simulator carries one: the simulator's local
 * door logs the call and hands out the relay URL's signature, and this plays Twilio's side of
 * ConversationRelay (each `say` is what speech-to-text heard; the agent's tokens come back).
 */
export async function callAiAgent(request: APIRequestContext, to: string, from: string) {
  const door = await request.post(`${API_URL}/telephony/simulator/inbound-call`, { data: { from, to } });
  expect(door.ok(), await door.text()).toBe(true);
  const { callSid, callId, relay } = (await door.json()).data as { callSid: string; callId: string; relay: { signature: string } };
  const socket = new WebSocket(`${API_URL.replace(/^http/, 'ws').replace(/\/v1$/, '')}${RELAY_PATH}`, { headers: { 'x-twilio-signature': relay.signature } });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  let current = '';
  const replies: string[] = [];
  let handoff: RelayHandoff | null = null;
  const waiters: Array<() => void> = [];
  socket.on('message', (data) => {
    const frame = JSON.parse(data.toString()) as { type: string; token?: string; last?: boolean; handoffData?: string };
    if (frame.type === 'text') {
      current += frame.token ?? '';
      if (frame.last) {
        replies.push(current.trim());
        current = '';
      }
    }
    if (frame.type === 'end') handoff = parseRelayHandoff(frame.handoffData);
    waiters.splice(0).forEach((wake) => wake());
  });
  socket.send(JSON.stringify({ type: 'setup', callSid, from, to, direction: 'inbound', customParameters: { callId } }));
  const until = async (done: () => boolean, what: string) => {
    const deadline = Date.now() + 10_000;
    while (!done()) {
      if (Date.now() > deadline) throw new Error(`no ${what} from the agent in time`);
      await new Promise<void>((wake) => { waiters.push(wake); setTimeout(wake, 200); });
    }
  };
  return {
    callSid,
    callId,
    /** Says a line and waits for the agent's whole reply. */
    async say(text: string): Promise<string> {
      const before = replies.length;
      socket.send(JSON.stringify({ type: 'prompt', voicePrompt: text, lang: 'en-US', last: true }));
      await until(() => replies.length > before, 'reply');
      return replies[before]!;
    },
    async ended(): Promise<RelayHandoff | null> {
      await until(() => handoff !== null, 'end of the session');
      return handoff;
    },
    hangUp: () => socket.close(1000, 'caller hung up'),
  };
}
