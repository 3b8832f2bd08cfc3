import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import type { RawData } from 'ws';
import { SimulatorDeviceMessage, SIMULATOR_VOICE_PATH, SOCKET_CLOSE_UNAUTHORIZED, UsPhoneInput } from 'shared-contracts';
import { ApiError, badRequest, notFound } from '../../http/api-error';
import { issuesText, parseInput, parseJsonInput } from '../../http/parse-input';
import { inputError } from '../../http/validate';
import { deviceOwnerByIdentity } from './numbers';
import { aiCallIncoming } from './ai-calls';
import { newCallSid } from './simulator-hub';
import { newMessageSid, simulatorTokens } from './simulator-provider';
import { inboundSms } from './sms-events';

export const SIMULATOR_HTTP_BASE = '/v1/telephony/simulator';
export const NOT_AN_AGENT_NUMBER_TEXT = 'No agent has that number';
export const SIMULATOR_LOCAL_ONLY_TEXT = 'The telephony simulator answers only requests made on the machine it runs on';

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6. */
export const isLoopback = (address: string | undefined): boolean =>
  address !== undefined && (/^(::ffff:)?127\./.test(address) || address === '::1');

const RingBody = v.object({ from: UsPhoneInput('Caller number'), to: UsPhoneInput('Agent number') });
const SmsBody = v.object({
  from: UsPhoneInput('Sender number'),
  to: UsPhoneInput('Agent number'),
  body: v.pipe(v.string('Message is required'), v.check((s) => s.trim() !== '', 'Message is required'), v.maxLength(1600)),
});
const CallParams = v.object({ callSid: v.pipe(v.string(), v.regex(/^CA[0-9a-f]{32}$/, 'Unknown call')) });

/** A caller action's body or path, through the house checks and its schema; refused with a 400. */
function parse<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const parsed = parseInput(schema, input ?? {});
  if (!parsed.ok) throw inputError(parsed.issues);
  return parsed.output;
}

/**
 * The simulator's doors, served only when no Twilio credentials are configured and never in
 * production: the browser device's signalling socket, and the "caller" actions a developer
 * (or an e2e test) uses to ring an agent, hang up, or text an agent number.
 */
export async function simulatorRoutes(app: FastifyInstance): Promise<void> {
  const hub = app.telephony.simulator;
  // Production without Twilio has no telephony: the simulator is a development tool only.
  if (hub === null || app.config.nodeEnv === 'production') return;
  const tokens = simulatorTokens(app.config.tokenSecret);

  app.get(SIMULATOR_VOICE_PATH, { websocket: true }, (socket, request) => {
    const token = (request.query as { token?: unknown }).token;
    const admitted = (typeof token === 'string' ? tokens.verify(token) : Promise.resolve(null))
      .then((identity) => (identity === null ? null : deviceOwnerByIdentity(app.db, identity)))
      .then((agent) => {
        if (agent === null) {
          socket.close(SOCKET_CLOSE_UNAUTHORIZED, 'Access token invalid');
          return null;
        }
        socket.on('close', hub.register(agent, socket));
        return agent;
      });
    let queue: Promise<unknown> = admitted;
    socket.on('message', (data: RawData) => {
      queue = queue.then(async () => {
        const agent = await admitted;
        if (agent === null) return;
        const parsed = parseJsonInput(SimulatorDeviceMessage, data.toString());
        if (!parsed.ok) {
          socket.send(JSON.stringify({ type: 'error', code: 31100, message: issuesText(parsed.issues) }));
          return;
        }
        await hub.onDeviceMessage(agent, socket, parsed.output);
      }).catch((err: unknown) => request.log.error({ err }, 'simulator device message failed'));
    });
  });

  // The caller's side doors stand in for the carrier's network: only a process on this machine may
  // use them (a developer's terminal, an e2e test), never a browser or anyone on the network, and
  // never through a proxy, which would make every caller look local.
  // (The device socket above is the browser's own and is not one of them.)
  const localOnly = {
    onRequest: async (request: FastifyRequest) => {
      if (!isLoopback(request.socket.remoteAddress) || request.headers['x-forwarded-for'] !== undefined || request.headers.origin !== undefined) {
        throw new ApiError(403, 'Forbidden', SIMULATOR_LOCAL_ONLY_TEXT);
      }
    },
  };

  app.post(`${SIMULATOR_HTTP_BASE}/inbound-call`, localOnly, async (request) => {
    const { from, to } = parse(RingBody, request.body);
    // An AI agent's number: the local caller plays Twilio's side of the relay protocol itself,
    // with the URL and handshake signature Twilio would have.
    const callSid = newCallSid();
    const aiCall = await aiCallIncoming(app.telephony.context, { callSid, from, to });
    if (aiCall !== null) {
      return { data: { callSid, callId: aiCall.callId, agentName: aiCall.agent.name, relay: app.telephony.aiCalls.carrierRelay(), mediaStream: app.telephony.aiCalls.carrierMediaStream() } };
    }
    const rung = await hub.ringIn(from, to);
    if (rung === null) throw badRequest(NOT_AN_AGENT_NUMBER_TEXT);
    return { data: rung };
  });

  app.post(`${SIMULATOR_HTTP_BASE}/calls/:callSid/hangup`, localOnly, async (request) => {
    const { callSid } = parse(CallParams, request.params);
    if (!(await hub.callerHangup(callSid))) throw notFound();
    return { data: { callSid } };
  });

  // What the caller hears (ringing, the person who took the call, or the hold tone), and who hears a supervisor.
  app.get(`${SIMULATOR_HTTP_BASE}/calls/:callSid`, localOnly, async (request) => {
    const { callSid } = parse(CallParams, request.params);
    const callerHears = hub.callerHears(callSid);
    if (callerHears === null) throw notFound();
    return { data: { callSid, callerHears, supervisor: hub.supervisorOf(callSid) } };
  });

  app.post(`${SIMULATOR_HTTP_BASE}/inbound-sms`, localOnly, async (request) => {
    const { from, to, body } = parse(SmsBody, request.body);
    const messageSid = newMessageSid();
    if (!(await inboundSms(app.telephony.context, { messageSid, from, to, body }))) throw badRequest(NOT_AN_AGENT_NUMBER_TEXT);
    return { data: { messageSid } };
  });
}
