import { eq } from 'drizzle-orm';
import { contract, MEDIA_STREAM_PATH } from 'shared-contracts';
import { aiAgents, calls } from '../../../db/schema';
import { notFound } from '../../../http/api-error';
import { implement } from '../../../http/implement';
import { newCallSid } from '../../telephony';
import { greetingOf } from '../session/call-record';
import { responderLabelForAgent } from '../responders/pick-responder';
import { pipelineClientsFor } from '../speech/call-speech';
import { browserRelayLinks } from './relay-handshake';

/** What the call log shows as the other party of a call made from the dashboard. */
export const BROWSER_PARTY = 'Browser';

/**
 * A USER talks to their AI agent in the browser: the call is logged like a phone call to the
 * agent (so its transcript, summary and minutes follow the same path), and the browser gets a
 * signed link to the relay socket that is good for this one call (and, for an agent on our speech
 * pipeline, one to the Media Streams socket, so the USER hears the agent's own voice).
 */
export const startBrowserCall = implement(contract.call.startBrowserCall, async ({ body, user, db, app }) => {
  const [agent] = await db.select().from(aiAgents).where(eq(aiAgents.id, body.agentId));
  if (!agent) throw notFound();
  const callSid = newCallSid();
  const [call] = await db.insert(calls).values({
    accountId: user.accountId, aiAgentId: agent.id, aiAgentVersion: agent.version, direction: 'inbound', status: 'ringing',
    fromNumber: BROWSER_PARTY, toNumber: agent.phoneNumber ?? BROWSER_PARTY, callSid,
  }).returning({ id: calls.id });
  app.callLogsCache.changed(user.accountId);
  const links = browserRelayLinks(app);
  // An agent on our pipeline is heard in its own voice where its clients are in place, as its phone calls would be.
  const speech = agent.speechPath === 'pipeline' ? await pipelineClientsFor(db, app.config.credentialsKey, agent) : null;
  return {
    callId: call!.id,
    callSid,
    relayPath: links.pathFor(call!.id),
    greeting: greetingOf(agent),
    responder: await responderLabelForAgent(app, agent),
    ...(speech?.ok ? { audioPath: links.pathFor(call!.id, MEDIA_STREAM_PATH) } : {}),
  };
});
