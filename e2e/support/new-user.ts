import type { CreateAgentInput } from 'shared-contracts';
import { expect, type APIRequestContext } from '@playwright/test';
import { accountIdOf, adminUpdateAccount, apiToken, bearer } from './admin-api';
import { latestMail } from './outbox';
import { API_URL } from './ports';

export const NEW_USER_PASSWORD = 'Fresh-pass-1';

/** A US number no other run or account has (the simulator's 555 block). */
export const uniqueNumber = (): string => `+1555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;

/**
 * A USER of a brand-new free-plan account, registered and verified over the API (as the
 * register screen and the emailed link would), so a test can change it without touching the
 * demo accounts other tests read.
 */
export async function registerVerifiedUser(request: APIRequestContext, company: string): Promise<string> {
  const email = `e2e-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@user.test`;
  const res = await request.post(`${API_URL}/auth/register`, {
    data: {
      firstName: 'Una', lastName: 'User', email, password: NEW_USER_PASSWORD, confirmPassword: NEW_USER_PASSWORD,
      companyName: company, acceptTerms: true,
    },
  });
  expect(res.ok(), `register ${email}`).toBeTruthy();
  const mail = await latestMail(email, 'verify_email');
  const link = /https?:\/\/\S+/.exec(mail.text)![0];
  const query = new URL(link).searchParams;
  const verified = await request.get(`${API_URL}/auth/verify-email`, { params: { token: query.get('token')!, email: query.get('email')! } });
  expect(verified.ok(), `verify ${email}`).toBeTruthy();
  return email;
}

export interface NewAccount {
  email: string;
  token: string;
  accountId: string;
}

/** A fresh verified USER, signed in over the API, with its account's id. */
export async function newAccount(request: APIRequestContext, company: string): Promise<NewAccount> {
  const email = await registerVerifiedUser(request, company);
  const token = await apiToken(request, email, NEW_USER_PASSWORD);
  return { email, token, accountId: await accountIdOf(request, token) };
}

export type AiAgentInput = {
  name: string;
  handleCallType: 'inbound' | 'outbound' | 'both';
  greeting: string;
  prompt?: string;
  phoneNumber?: string | null;
  knowledge?: string;
  workingHours?: { days: string[]; start: string; end: string } | null;
  textClientId?: string | null;
  customTools?: CreateAgentInput['customTools'];
};

/** An AI agent made over the public API by the account's USER; returns its id. */
export async function createAiAgent(request: APIRequestContext, token: string, agent: AiAgentInput): Promise<string> {
  const created = await request.post(`${API_URL}/agent/create-agent`, {
    headers: bearer(token),
    data: { prompt: 'Answer callers\' questions.', voiceId: 'openai-nova', ...agent },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  return ((await created.json()) as { data: { id: string } }).data.id;
}

export interface NewAgent {
  email: string;
  accountId: string;
  /** The human agent's own line: calls and texts to it ring this agent. */
  agentNumber: string;
}

/**
 * A human AGENT in an account of its own. The API has no endpoint for a USER to add a human
 * agent; an administrator gives a user of an account the AGENT role and a number (the account
 * edit screen's roles). So a fresh account is registered, `setUp` may add what its USER makes
 * (AI agents, leads), and then the administrator turns that user into the account's AGENT. The
 * agent signs in with NEW_USER_PASSWORD, the password it registered with.
 */
export async function registerVerifiedAgent(
  request: APIRequestContext,
  company: string,
  setUp?: (account: NewAccount) => Promise<void>,
): Promise<NewAgent> {
  const account = await newAccount(request, company);
  await setUp?.(account);
  const session = await request.get(`${API_URL}/auth/session-user`, { headers: bearer(account.token) });
  const userId = ((await session.json()) as { data: { id: string } }).data.id;
  const agentNumber = uniqueNumber();
  await adminUpdateAccount(request, account.accountId, { roles: [{ id: userId, title: 'AGENT', twilio_number: agentNumber }] });
  return { email: account.email, accountId: account.accountId, agentNumber };
}
