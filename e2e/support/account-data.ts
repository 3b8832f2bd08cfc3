import { expect, type APIRequestContext } from '@playwright/test';
import { bearer } from './admin-api';
import { API_URL } from './ports';
import { callAiAgent } from './relay-caller';

/** A lead of the account, added over the public API; calls from its number show its name. */
export async function createLead(request: APIRequestContext, token: string, fullName: string, phoneNumber: string): Promise<void> {
  const created = await request.post(`${API_URL}/lead/create-lead`, { headers: bearer(token), data: { fullName, phoneNumber } });
  expect(created.ok(), await created.text()).toBeTruthy();
}

/**
 * A finished call to one of the account's AI agents: a caller rings the agent's number through
 * the telephony simulator, asks a question, and hangs up. The call's log, transcript and (once
 * wrapped up) summary are the account's, as a seeded call's are the demo account's.
 */
export async function answeredAiCall(request: APIRequestContext, agentNumber: string, from: string): Promise<string> {
  const caller = await callAiAgent(request, agentNumber, from);
  await caller.say('Are you open on Saturday?');
  caller.hangUp();
  return caller.callId;
}
