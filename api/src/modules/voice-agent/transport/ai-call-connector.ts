import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { SPEECH_RESUMED_TEXT } from 'shared-contracts';
import { aiAgents, calls } from '../../../db/schema';
import { aiCallConnected, TWILIO_WEBHOOK_PATHS, type AiCallConnector } from '../../telephony';
import { greetingOf } from '../session/call-record';
import { pipelineClientsFor } from '../speech/call-speech';
import { mediaStreamUrl, relaySigningKey, relayUrl, signRelayUrl } from './relay-handshake';
import { mediaStreamTwiml, relaySpeechFor, relayTwiml } from './relay-twiml';
import { simulatedCallee } from './simulated-callee';

/**
 * TwiML connecting a logged call to its AI agent: our speech pipeline for an agent on it whose
 * clients are there, else the relay; null when the call has no AI agent. `resumed`: our pipeline
 * failed on the call, and Twilio's voice takes it on, saying it is back.
 */
export async function connectToAgent(app: FastifyInstance, callId: string, resumed = false): Promise<string | null> {
  const { db } = app;
  const [call] = await db.select({ aiAgentId: calls.aiAgentId }).from(calls).where(eq(calls.id, callId));
  const [agent] = call?.aiAgentId ? await db.select().from(aiAgents).where(eq(aiAgents.id, call.aiAgentId)) : [];
  if (!agent) return null;
  await aiCallConnected(app.telephony.context, callId);
  const base = app.config.publicApiUrl;
  const actionUrl = `${base}${TWILIO_WEBHOOK_PATHS.relayAction}?callId=${callId}`;
  if (agent.speechPath === 'pipeline' && !resumed) {
    const clients = await pipelineClientsFor(db, app.config.credentialsKey, agent);
    if (clients.ok) return mediaStreamTwiml({ streamUrl: mediaStreamUrl(base), actionUrl, callId });
    // The caller is never left without a voice: Twilio speaks instead.
    app.log.warn({ callId, reason: clients.reason }, 'our speech pipeline cannot take the call: Twilio speaks on it');
  }
  return relayTwiml({
    relayUrl: relayUrl(base),
    actionUrl,
    callId,
    greeting: resumed ? SPEECH_RESUMED_TEXT : greetingOf(agent),
    speech: await relaySpeechFor(db, agent),
  });
}

/**
 * Where the simulator's callee reaches this server's relay socket: its own listening address,
 * signed as Twilio would sign the public URL it was given. Null until the server listens.
 */
function selfRelay(app: FastifyInstance): { url: string; signature: string } | null {
  const address = app.server.address();
  if (address === null || typeof address === 'string') return null;
  const host = address.family === 'IPv6' ? `[${address.address === '::' ? '::1' : address.address}]` : (address.address === '0.0.0.0' ? '127.0.0.1' : address.address);
  return {
    url: relayUrl(`http://${host}:${address.port}`),
    signature: signRelayUrl(relaySigningKey(app), relayUrl(app.config.publicApiUrl)),
  };
}

/** The AI call runtime as telephony reaches it: every AI agent's call goes through the relay. */
export function aiCallConnector(app: FastifyInstance): AiCallConnector {
  return {
    connect: (callId) => connectToAgent(app, callId),
    carrierRelay() {
      const url = relayUrl(app.config.publicApiUrl);
      return { url, signature: signRelayUrl(relaySigningKey(app), url) };
    },
    carrierMediaStream() {
      const url = mediaStreamUrl(app.config.publicApiUrl);
      return { url, signature: signRelayUrl(relaySigningKey(app), url) };
    },
    async simulatedCallee(call) {
      const relay = selfRelay(app);
      if (relay === null) return;
      await simulatedCallee({ url: relay.url, signature: relay.signature, ...call });
    },
  };
}
