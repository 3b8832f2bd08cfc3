import { expect, type APIRequestContext } from '@playwright/test';
import { RelayCaller, relaySocketUrl } from 'shared-test-kit';
import type { RelayHandoff } from 'shared-contracts';
import { API_URL } from './ports';

/**
 * A phone caller of an AI agent, as the telephony simulator carries one: the simulator's local
 * door logs the call and hands out the relay URL's signature (through Playwright, so it shows in
 * the trace), and the kit's relay caller plays Twilio's side of ConversationRelay (each `say` is
 * what speech-to-text heard; the agent's tokens come back).
 */
export async function callAiAgent(request: APIRequestContext, to: string, from: string) {
  const door = await request.post(`${API_URL}/telephony/simulator/inbound-call`, { data: { from, to } });
  expect(door.ok(), await door.text()).toBe(true);
  const { callSid, callId, relay } = (await door.json()).data as { callSid: string; callId: string; relay: { signature: string } };
  const caller = new RelayCaller({ url: relaySocketUrl(API_URL.replace(/\/v1$/, '')), signature: relay.signature, callSid, callId, from, to });
  await caller.start();
  return {
    callSid,
    callId,
    /** Says a line and waits for the agent's whole reply. */
    async say(text: string): Promise<string> {
      const reply = caller.nextReply();
      caller.say(text);
      return reply;
    },
    ended: (): Promise<RelayHandoff | null> => caller.sessionEnd(),
    hangUp: () => void caller.hangUp(),
  };
}
