// Agent tests: how long a suite of scenarios takes against the local responder, queued and
// played through the relay route as a USER's "Run all" does (target: 50 scenarios in < 30 s).
import { signIn } from 'shared-test-kit';
import { createDatabase } from './lib/postgres.mjs';
import { startApiServer } from './lib/server.mjs';

const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];
const TIMES = ['11 AM', '3 PM'];

/** A mix of what businesses test: a question, a booking, a person, a goodbye, a keypad press. */
function scenario(i) {
  switch (i % 5) {
    case 0: return { name: `Question ${i}`, script: [{ say: 'Where can I park?' }], expectations: [{ kind: 'says', text: 'parking' }] };
    case 1: {
      const n = Math.floor(i / 5);
      return {
        name: `Booking ${i}`,
        script: [{ say: `I would like to book an appointment next ${DAYS[n % 5]}.` }, { say: `${TIMES[Math.floor(n / 5) % 2]} please.` }, { say: 'My name is Alex Tester.' }],
        expectations: [{ kind: 'books', day: null }, { kind: 'within-turns', turns: 3 }],
      };
    }
    case 2: return { name: `Person ${i}`, script: [{ say: 'Can I speak to a person, please?' }], expectations: [{ kind: 'transfers' }] };
    case 3: return { name: `Goodbye ${i}`, script: [{ say: 'That is all, thank you. Goodbye.' }], expectations: [{ kind: 'ends-call' }] };
    default: return { name: `Keypad ${i}`, script: [{ say: 'Hello?' }, { keypad: '0' }], expectations: [{ kind: 'transfers' }] };
  }
}

async function api(url, method, path, token, body) {
  const res = await fetch(`${url}/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
  return JSON.parse(text).data;
}

const percentile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};

export async function benchAgentTests({ smoke }) {
  const count = smoke ? 5 : 50;
  const database = await createDatabase();
  const server = await startApiServer({ port: 4312, databaseUrl: database?.url });
  try {
    const { token } = await signIn(server.apiUrl, 'user@demo.test');
    const agent = await api(server.url, 'POST', '/agent/create-agent', token, {
      name: 'Suite Bench', handleCallType: 'inbound', greeting: 'Hello, Acme Dental.', prompt: 'Answer callers and book appointments.',
      voiceId: 'openai-alloy', phoneNumber: '+15550108888', knowledge: 'Parking is free behind the building on Elm Avenue.',
    });
    for (const s of await api(server.url, 'GET', `/agent/get-test-scenarios/${agent.id}`, token)) {
      await api(server.url, 'DELETE', `/agent/delete-test-scenario/${s.id}`, token);
    }
    for (let i = 0; i < count; i += 1) await api(server.url, 'POST', `/agent/create-test-scenario/${agent.id}`, token, scenario(i));

    const started = performance.now();
    let run = await api(server.url, 'POST', `/agent/run-tests/${agent.id}`, token);
    while (run.status === 'queued' || run.status === 'running') {
      await new Promise((resolve) => setTimeout(resolve, 100));
      run = await api(server.url, 'GET', `/agent/get-test-run/${run.id}`, token);
    }
    const seconds = (performance.now() - started) / 1000;
    const durations = run.results.map((r) => r.durationMs);
    return {
      database: database ? 'PostgreSQL' : 'embedded PGlite',
      scenarios: count,
      status: run.status,
      passed: run.passed,
      failed: run.failed,
      failures: run.results.filter((r) => !r.passed).map((r) => `${r.name}: ${r.error ?? r.expectations.filter((e) => !e.passed).map((e) => e.detail).join('; ')}`),
      seconds,
      p50: percentile(durations, 0.5),
      p99: percentile(durations, 0.99),
    };
  } finally {
    await server.stop();
    await database?.drop();
  }
}
