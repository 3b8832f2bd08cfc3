/**
 * What an AI agent says when a caller asks for a person, by where the caller goes: an available
 * human agent of the account (the queue), else the agent's transfer number, else a message the
 * agent takes for a call back. The session says these itself, so a caller can always leave a
 * model that is down.
 */
export const TRANSFER_TEXTS = {
  toQueue: 'I am putting you through to a person now. Please hold.',
  toNumber: 'I am transferring your call now. Please hold.',
  nobodyAvailable: 'Nobody is available to take your call right now, but I can take a message and someone will call you back. What is your name?',
  askReason: 'Thank you. What would you like us to call you back about?',
  askNumber: 'And what number should we call you back on?',
  messageTaken: 'Thank you. I have passed on your message and someone will call you back. Goodbye.',
} as const;

/** Said mid-reply when the agent's model has gone quiet: the caller never sits in dead air. */
export const HOLDING_TEXT = 'One moment, please.';

/**
 * A caller's turn that asks for a person: "a person", "operator", "I want to speak to a human",
 * "representative please". Read by the session before any model, so it works when the model is
 * down; a turn that only mentions a person ("I'm the person who called yesterday") is not one.
 */
export function asksForPerson(text: string): boolean {
  if (text.length > 200) return false;
  const words = text.toLowerCase().replace(/[’']/g, "'").replace(/[^a-z' ]+/g, ' ').replace(/\s+/g, ' ').trim();
  const who = "(?:a |an |the |some |one )?(?:real |live |actual )?(?:person|human|human being|agent|operator|representative|rep|receptionist|someone|somebody|member of staff)";
  const bare = new RegExp(`^(?:(?:um|uh|yes|yeah|ok|okay|just|please|i want|i need|i'd like|give me|get me|can i have|can i get|let me have) )*${who}(?: please)?$`);
  const asking = new RegExp(`\\b(?:talk|speak|connect me|transfer me|put me through|get me through) (?:to|with) ${who}\\b`);
  return bare.test(words) || asking.test(words);
}
