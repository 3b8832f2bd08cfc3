import { HOLDING_TEXT } from 'shared-contracts';
import type { HeardText, RelayLine } from './relay-line';

/** What a caller got from one turn: the reply that answered it (null: none in time), and the longest silence before it. */
export interface TurnHeard {
  reply: string | null;
  silenceMs: number;
}

/**
 * The first finished reply that does not end on the holding sentence (which says more is coming),
 * as the index of the frame that finished it; null while there is none.
 */
function answerIn(frames: readonly HeardText[]): { index: number; text: string } | null {
  let text = '';
  for (const [index, frame] of frames.entries()) {
    text += frame.token;
    if (!frame.last) continue;
    const reply = text.trim();
    if (reply !== '' && !reply.endsWith(HOLDING_TEXT)) return { index, text: reply };
    text = '';
  }
  return null;
}

/**
 * The caller says `text` and waits for the answer. The silence is measured as the caller lives it:
 * from the end of their turn to the first words, then between words while the answer is under way
 * (a frame with no words breaks no silence), until the answer is finished, or the wait ends.
 */
export async function sayAndListen(line: RelayLine, text: string, timeoutMs: number): Promise<TurnHeard> {
  const from = line.heard.length;
  const saidAt = Date.now();
  line.say(text);
  await line.until(() => answerIn(line.heard.slice(from)) !== null || line.closeCode !== null, timeoutMs);
  const frames = line.heard.slice(from);
  const answer = answerIn(frames);
  let previous = saidAt;
  let longest = 0;
  for (const frame of answer === null ? frames : frames.slice(0, answer.index)) {
    if (frame.token.trim() === '') continue;
    longest = Math.max(longest, frame.at - previous);
    previous = frame.at;
  }
  const endedAt = answer === null ? Date.now() : frames[answer.index]!.at;
  longest = Math.max(longest, endedAt - previous);
  return { reply: answer?.text ?? null, silenceMs: longest };
}
