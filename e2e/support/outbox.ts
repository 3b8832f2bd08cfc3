import { expect } from '@playwright/test';
import { API_URL } from './ports';

interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
  kind: string;
}

/**
 * The newest message of a kind sent to an address, read from the API's local outbox
 * (GET /v1/dev/outbox, on outside production) the way a developer would read it.
 */
export async function latestMail(to: string, kind: string): Promise<OutboxMessage> {
  let found: OutboxMessage | undefined;
  await expect(async () => {
    const res = await fetch(`${API_URL}/dev/outbox?to=${encodeURIComponent(to)}`);
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as { data: OutboxMessage[] };
    found = data.find((message) => message.kind === kind);
    expect(found).toBeDefined();
  }).toPass({ timeout: 10_000 });
  return found!;
}

/** The path and query of the first link to the web app in a message. */
export const appLinkIn = (text: string): string => {
  const match = /https?:\/\/[^/\s]+(\/auth\/\S+)/.exec(text);
  if (!match) throw new Error(`no app link in: ${text}`);
  return match[1]!;
};

export const codeIn = (text: string): string => {
  const match = /code is (\d{6})/.exec(text);
  if (!match) throw new Error(`no code in: ${text}`);
  return match[1]!;
};
