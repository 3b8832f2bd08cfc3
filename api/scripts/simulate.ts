// The telephony simulator's "caller" from a terminal: rings an agent, talks to an AI agent,
// hangs up, or texts an agent number, through the API's simulator routes (served when no
// Twilio credentials are set).
//   pnpm --filter api sim call <AI agent number> [caller number]   (each typed line is said to the agent)
//   pnpm --filter api sim ring <agent number> [caller number]
//   pnpm --filter api sim hangup <CallSid>
//   pnpm --filter api sim sms <agent number> <text> [sender number]

import { createInterface } from 'node:readline';
import { RELAY_PATH } from 'shared-contracts';
import { RelayCaller } from '../src/modules/voice-agent/transport/relay-caller';

const API = (process.env.API_URL ?? 'http://127.0.0.1:4000').replace(/\/+$/, '');
const randomCaller = () => `+1555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;

async function post(path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${API}/v1/telephony/simulator/${path}`, {
    method: 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const payload = (await response.json()) as { data?: unknown; message?: string };
  if (!response.ok) throw new Error(payload.message ?? `HTTP ${response.status}`);
  return payload.data;
}

const [command, ...args] = process.argv.slice(2);
const usage = 'usage: sim call <AI agent number> [caller] | sim ring <agent number> [caller] | sim hangup <CallSid> | sim sms <agent number> <text> [sender]';

interface AiCall { callSid: string; callId: string; agentName: string; relay: { url: string; signature: string } }

/** An interactive caller: each line typed is what the caller says; the agent's reply streams back. */
async function talk(to: string, from: string): Promise<void> {
  const data = (await post('inbound-call', { to, from })) as AiCall | { rang: number };
  if (!('relay' in data)) throw new Error(`${to} is not an AI agent's inbound number (it rang ${data.rang} human agent device(s))`);
  const caller = new RelayCaller({
    url: `${API.replace(/^http/, 'ws')}${RELAY_PATH}`, signature: data.relay.signature,
    callSid: data.callSid, callId: data.callId, from, to,
  });
  await caller.start();
  // Made once connected, so lines typed (or piped) meanwhile wait in stdin instead of being lost.
  const lines = createInterface({ input: process.stdin, output: process.stdout, prompt: 'you> ' });
  caller.on('token', (token) => process.stdout.write(token));
  caller.on('reply', () => {
    process.stdout.write('\n');
    if (!caller.ended) lines.prompt();
  });
  caller.on('end', (handoff) => {
    process.stdout.write(handoff?.reasonCode === 'live-agent-handoff'
      ? `\n[${data.agentName} is transferring you to a person ("${handoff.reason}"); accept the call in an AGENT's softphone.]\n`
      : `\n[${data.agentName} ended the call]\n`);
    lines.close();
  });
  caller.on('close', () => lines.close());
  process.stdout.write(`Connected to ${data.agentName} (call ${data.callSid}). Type what you say; Ctrl-D hangs up.\n`);
  lines.prompt();
  lines.on('line', (line) => {
    if (line.trim() === '') return lines.prompt();
    process.stdout.write(`${data.agentName}> `);
    caller.say(line);
  });
  await new Promise((resolve) => lines.once('close', resolve));
  await caller.hangUp();
}

try {
  if (command === 'call' && args[0]) {
    await talk(args[0], args[1] ?? randomCaller());
  } else if (command === 'ring' && args[0]) {
    const data = (await post('inbound-call', { to: args[0], from: args[1] ?? randomCaller() })) as { callSid: string; rang: number };
    process.stdout.write(`Ringing ${data.rang} agent device(s). Call ${data.callSid}\nHang up with: pnpm --filter api sim hangup ${data.callSid}\n`);
  } else if (command === 'hangup' && args[0]) {
    await post(`calls/${args[0]}/hangup`);
    process.stdout.write(`Caller hung up ${args[0]}\n`);
  } else if (command === 'sms' && args[0] && args[1]) {
    await post('inbound-sms', { to: args[0], body: args[1], from: args[2] ?? randomCaller() });
    process.stdout.write(`Texted ${args[0]}\n`);
  } else {
    process.stderr.write(`${usage}\n`);
    process.exitCode = 2;
  }
} catch (err) {
  process.stderr.write(`${(err as Error).message}\n`);
  process.exitCode = 1;
}
