const MAX_MESSAGE_CHARS = 300;

/**
 * A provider's message as the administrator may read it. It can echo part of a key ("Incorrect
 * API key provided: sk-ab***yz"), so the given secrets and anything shaped like a key are cut
 * out, and a long message is shortened.
 */
export function withoutSecrets(message: string, secrets: readonly string[]): string {
  const scrubbed = secrets
    .filter((secret) => secret !== '')
    .reduce((text, secret) => text.split(secret).join('[key]'), message)
    .replace(/\b(?:sk|pk|key|AIza)[-_][-_A-Za-z0-9*.]{4,}/g, '[key]');
  return scrubbed.length > MAX_MESSAGE_CHARS ? `${scrubbed.slice(0, MAX_MESSAGE_CHARS - 1)}…` : scrubbed;
}

/** What a test says when the provider did not answer in time. */
export const noAnswerText = (seconds: number) => `No answer within ${seconds} seconds`;
