// Knowledge lookup as a call turn makes it: searchKnowledge for one agent with PASSAGES passages,
// among OTHER_AGENTS other agents' passages in the same table, one caller turn after another.
// Run by knowledge.mjs in its own process (DATABASE_URL set: PostgreSQL; unset: PGlite in memory);
// the figures go back over IPC.
import { performance } from 'node:perf_hooks';
import { openDatabase } from 'api/src/db/client';
import { accounts, aiAgents } from 'api/src/db/schema';
import { reindexKnowledge, searchKnowledge } from 'api/src/modules/voice-agent/knowledge/knowledge-passages';
import { CALLER_TURNS, knowledgeParagraphs } from './lib/knowledge-text';

const passages = Number(process.env.PASSAGES ?? 1_000);
const otherAgents = Number(process.env.OTHER_AGENTS ?? 9);
const rounds = Number(process.env.ROUNDS ?? 50);

const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir: 'memory://' });
await database.migrate();
const { db } = database;

async function agentWithKnowledge(seed: number) {
  const [account] = await db.insert(accounts).values({ name: `Bench Dental ${seed}`, plan: 'enterprise-edge' }).returning();
  const [agent] = await db.insert(aiAgents).values({ accountId: account!.id, name: 'Front Desk', handleCallType: 'inbound' }).returning();
  const text = knowledgeParagraphs(passages, seed).join('\n\n');
  const started = performance.now();
  const count = await reindexKnowledge(db, { accountId: account!.id, aiAgentId: agent!.id, text });
  return { id: agent!.id, count, reindexMs: performance.now() - started };
}

for (let i = 1; i <= otherAgents; i += 1) await agentWithKnowledge(1_000 + i);
const target = await agentWithKnowledge(7);
if (target.count !== passages) throw new Error(`the agent has ${target.count} passages, not ${passages}`);
// Planner statistics, as a table that has lived a while has them.
await db.execute('ANALYZE knowledge_passages');

// The figure is worth nothing if the search finds the wrong passage.
const [best] = await searchKnowledge(db, target.id, CALLER_TURNS[0]!, 3);
if (!best?.startsWith('Opening hours')) throw new Error(`"${CALLER_TURNS[0]}" found ${best ?? 'nothing'} first`);

for (const turn of CALLER_TURNS) await searchKnowledge(db, target.id, turn, 3);
const times: number[] = [];
let found = 0;
for (let round = 0; round < rounds; round += 1) {
  for (const turn of CALLER_TURNS) {
    const started = performance.now();
    const result = await searchKnowledge(db, target.id, turn, 3);
    times.push(performance.now() - started);
    if (result.length > 0) found += 1;
  }
}
times.sort((a, b) => a - b);
const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]!;

await database.close();
process.send?.({
  passages: target.count,
  tablePassages: target.count * (otherAgents + 1),
  reindexMs: target.reindexMs,
  lookups: times.length,
  turns: CALLER_TURNS.length,
  answeredShare: found / times.length,
  p50: at(0.5),
  p99: at(0.99),
  max: times[times.length - 1]!,
});
