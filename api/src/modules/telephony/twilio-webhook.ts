import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import twilio from 'twilio';
import { CALLER_CALL_SID_PARAMETER } from 'shared-contracts';
import { acceptFormBodies } from './form-body';
import { TWILIO_WEBHOOK_PATHS } from './twilio-paths';

export const FORGED_WEBHOOK_TEXT = 'Invalid Twilio signature';
export const AGENTS_BUSY_TEXT = 'All our agents are busy. We will call you back shortly.';
/** Said to a caller whose agent's browser went mid-call, before the other agents are rung. */
export const ANOTHER_AGENT_TEXT = 'Please hold while we connect you to another agent.';

/** The query of `dialEnded` after a transfer's ring (see dialPeople), and after a transfer to an outside number. */
export const TRANSFER_RING_QUERY = 'transfer=1';
export const TRANSFER_NUMBER_QUERY = 'transfer=number';

export type TwilioParams = Record<string, string>;
type Handler = (params: TwilioParams, reply: FastifyReply, request: FastifyRequest) => Promise<unknown>;
type Dial = ReturnType<InstanceType<typeof twilio.twiml.VoiceResponse>['dial']>;

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const field = (params: TwilioParams, key: string): string => (typeof params[key] === 'string' ? params[key] : '');

export const twiml = (reply: FastifyReply, xml: string) => reply.type('text/xml').send(xml);

export const NUL_IN_WEBHOOK_TEXT = 'A field holds a NUL character';

const holdsNul = (values: unknown): boolean => typeof values === 'object' && values !== null
  && Object.values(values).some((value) => (Array.isArray(value) ? value : [value]).some((item) => typeof item === 'string' && item.includes('\u0000')));

/**
 * Declares Twilio webhooks in `app`'s scope. Each one first checks X-Twilio-Signature over the
 * public URL and the posted fields: a forged or altered request gets 403 and changes nothing.
 */
export function twilioWebhooks(app: FastifyInstance, authToken: string): (path: string, handle: Handler) => void {
  acceptFormBodies(app);
  const base = app.config.publicApiUrl;
  const verified = (request: FastifyRequest): TwilioParams | null => {
    const signature = request.headers['x-twilio-signature'];
    const params = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as TwilioParams;
    if (typeof signature !== 'string') return null;
    return twilio.validateRequest(authToken, signature, `${base}${request.url}`, params) ? params : null;
  };
  return (path, handle) => {
    app.post(path, async (request, reply) => {
      const params = verified(request);
      if (params === null) return reply.code(403).type('text/plain').send(FORGED_WEBHOOK_TEXT);
      // Twilio never sends a NUL, and no text column can store one: refused before any handler reads it.
      if (holdsNul(params) || holdsNul(request.query)) return reply.code(400).type('text/plain').send(NUL_IN_WEBHOOK_TEXT);
      return handle(params, reply, request);
    });
  };
}

/** What one webhook reads: Twilio's signed fields (absent ones read as '') and the URL's query. */
export interface TwilioWebhookRequest {
  field(key: string): string;
  query: Record<string, unknown>;
}

/** TwiML for Twilio to follow, or null for a callback that only tells us something (204, no body). */
export type TwilioAnswer = string | null;

/** One of Twilio's webhooks: where Twilio posts it, and how it is answered with what `Context` gives. */
export interface TwilioWebhook<Context> {
  path: string;
  answer(request: TwilioWebhookRequest, context: Context): Promise<TwilioAnswer>;
}

/** Serves each webhook signed (twilioWebhooks), its answer sent as TwiML or as 204. */
export function serveTwilioWebhooks<Context>(
  app: FastifyInstance, authToken: string, context: Context, webhooks: ReadonlyArray<TwilioWebhook<Context>>,
): void {
  const webhook = twilioWebhooks(app, authToken);
  for (const { path, answer } of webhooks) {
    webhook(path, async (params, reply, request) => {
      const xml = await answer({ field: (key) => field(params, key), query: request.query as Record<string, unknown> }, context);
      return xml === null ? reply.code(204).send() : twiml(reply, xml);
    });
  }
}

/**
 * Rings the agents on the caller's call, for the account's ring time. The <Dial> ends in
 * `dialEnded`, which tells an agent hanging up from their browser going, and, after a transfer's
 * ring (`transfer`) nobody answered, rings everyone available.
 */
export function dialPeople(
  response: InstanceType<typeof twilio.twiml.VoiceResponse>, agents: Array<{ email: string }>, callerCallSid: string,
  policy: { ringTimeoutSeconds: number }, publicApiUrl: string, options: Omit<Parameters<InstanceType<typeof twilio.twiml.VoiceResponse>['dial']>[0] & object, 'action' | 'timeout'> = {},
  transfer = false,
): void {
  // A transfer's ring is marked: unanswered, the caller is offered to everyone available.
  const action = `${publicApiUrl}${TWILIO_WEBHOOK_PATHS.dialEnded}${transfer ? `?${TRANSFER_RING_QUERY}` : ''}`;
  const dial = response.dial({ timeout: policy.ringTimeoutSeconds, answerOnBridge: true, ...options, action });
  ringAgents(dial, agents, callerCallSid, publicApiUrl);
}

/**
 * Rings each agent's softphone on the caller's call. Each <Client> leg gets its own CallSid from
 * Twilio, so the caller's is passed along for the softphone to look the call up.
 */
export function ringAgents(dial: Dial, agents: Array<{ email: string }>, callerCallSid: string, publicApiUrl: string): void {
  for (const agent of agents) {
    const client = dial.client({ statusCallbackEvent: ['answered'], statusCallback: `${publicApiUrl}${TWILIO_WEBHOOK_PATHS.dialStatus}` });
    client.identity(agent.email);
    client.parameter({ name: CALLER_CALL_SID_PARAMETER, value: callerCallSid });
  }
}
