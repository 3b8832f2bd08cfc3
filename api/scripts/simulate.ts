// The telephony simulator's "caller" from a terminal: rings an agent, hangs up, or texts an
// agent number, through the API's simulator routes (served when no Twilio credentials are set).
//   pnpm --filter api sim ring <agent number> [caller number]
//   pnpm --filter api sim hangup <CallSid>
//   pnpm --filter api sim sms <agent number> <text> [sender number]
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
const usage = 'usage: sim ring <agent number> [caller] | sim hangup <CallSid> | sim sms <agent number> <text> [sender]';

try {
  if (command === 'ring' && args[0]) {
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
