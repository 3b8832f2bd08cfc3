import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { AGENT_KNOWLEDGE_MAX_LENGTH } from 'shared-contracts';
import { knowledgePassages } from '../../src/db/schema';
import { PASSAGE_MAX_CHARS, reindexKnowledge, searchKnowledge, splitPassages } from '../../src/modules/voice-agent/knowledge/knowledge-passages';
import { createAiAgent, createTenant } from '../factories';
import { call } from '../helpers/server';
import type { SuiteContext } from '../helpers/suite-context';

const HOURS = 'We are open Monday to Friday from 8 am to 6 pm, and on Saturday from 9 am to 1 pm. We are closed on Sundays.';
const DENTAL_KNOWLEDGE = `# Acme Dental

## Opening hours

${HOURS}

## Parking

Free parking is behind the building. Street parking is metered until 6 pm.

Do you accept insurance?

Yes. We accept Delta Dental, Cigna, Aetna and MetLife. Bring your card to your first visit.

## Prices

A cleaning costs $120 without insurance. Whitening costs $350. An emergency visit on a Saturday costs $90 extra.

Dr. Jones works on Saturday mornings and sees children from age three.`;

const agentBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Front Desk',
  handleCallType: 'inbound',
  greeting: 'Thanks for calling Acme Dental, how can I help?',
  prompt: 'Answer questions about the practice and book cleanings.',
  voiceId: 'openai-nova',
  ...overrides,
});

/** Sentences of about 100 characters, none ending a paragraph. */
const sentences = (n: number, topic: string) =>
  Array.from({ length: n }, (_, i) => `${topic} note number ${i + 1} explains one more detail that a caller might ask the agent about.`);

export function knowledgePassagesSuite(ctx: SuiteContext) {
  const passagesOf = async (aiAgentId: string) =>
    ctx.server.db.select().from(knowledgePassages).where(eq(knowledgePassages.aiAgentId, aiAgentId)).orderBy(knowledgePassages.position);

  const createAgent = async (token: string, knowledge: string) => {
    const res = await call(ctx.server, 'POST', 'agent/create-agent', { token, body: agentBody({ knowledge }) });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body.data as { id: string };
  };

  describe('knowledge passages', () => {
    it('knowledge text splits into sayable passages: one per paragraph, headings kept with their text, whitespace collapsed', () => {
      const passages = splitPassages(DENTAL_KNOWLEDGE);
      assert.deepEqual(passages, [
        `Acme Dental: Opening hours: ${HOURS}`,
        'Parking: Free parking is behind the building. Street parking is metered until 6 pm.',
        'Do you accept insurance? Yes. We accept Delta Dental, Cigna, Aetna and MetLife. Bring your card to your first visit.',
        'Prices: A cleaning costs $120 without insurance. Whitening costs $350. An emergency visit on a Saturday costs $90 extra.',
        'Dr. Jones works on Saturday mornings and sees children from age three.',
      ]);
      assert.deepEqual(splitPassages('  First   line\r\nwraps\there.\r\n\r\n \t \n\n\nSecond.  '), ['First line wraps here.', 'Second.']);
      assert.deepEqual(splitPassages(''), []);
      assert.deepEqual(splitPassages(' \n\n\t\n '), []);
    });

    it('a long paragraph is cut at sentence boundaries into passages of at most 600 characters, the same way every time', () => {
      const all = sentences(20, 'Parking');
      const text = `Short intro paragraph.\n\n${all.join(' ')}`;
      const passages = splitPassages(text);
      assert.equal(passages[0], 'Short intro paragraph.');
      const cut = passages.slice(1);
      assert.ok(cut.length >= 4, `${cut.length} passages`);
      for (const p of cut) {
        assert.ok(p.length <= PASSAGE_MAX_CHARS, `${p.length} characters`);
        assert.match(p, /^Parking note number \d+ .*about\.$/, 'every passage starts and ends on a whole sentence');
      }
      assert.equal(cut.join(' '), all.join(' '), 'nothing is lost or repeated');
      assert.deepEqual(splitPassages(text), passages);
    });

    it('a list with no sentences is cut at line breaks, and a run-on word is cut to size', () => {
      const rows = Array.from({ length: 60 }, (_, i) => `SKU-${1000 + i},Floss ${i},4.99`);
      const passages = splitPassages(rows.join('\n'));
      assert.ok(passages.length > 1);
      for (const p of passages) assert.ok(p.length <= PASSAGE_MAX_CHARS && /^SKU-\d+,/.test(p) && /,4\.99$/.test(p), p);
      assert.equal(passages.join(' '), rows.join(' '));

      const word = 'x'.repeat(1_500);
      assert.deepEqual(splitPassages(word).map((p) => p.length), [600, 600, 300]);
      // 801 UTF-16 code units with a pair across the 600th: the cut must not split it.
      const emoji = `a${'😀'.repeat(400)}`;
      assert.ok(splitPassages(emoji).every((p) => !/^[\uDC00-\uDFFF]|[\uD800-\uDBFF]$/.test(p)));
      assert.equal(splitPassages(emoji).join(''), emoji);
    });

    it('an agent created with knowledge answers a caller\'s turn from its passages, the best match first', async () => {
      const { ownerToken } = await createTenant(ctx.server, { plan: 'performance-suite' });
      const agent = await createAgent(ownerToken, DENTAL_KNOWLEDGE);
      assert.equal((await passagesOf(agent.id)).length, 5);

      const hours = await searchKnowledge(ctx.server.db, agent.id, 'what are your opening hours on saturday', 3);
      assert.equal(hours[0], `Acme Dental: Opening hours: ${HOURS}`);
      assert.ok(hours.length <= 3);
      const insurance = await searchKnowledge(ctx.server.db, agent.id, 'Hi, um, do you take Cigna?');
      assert.deepEqual(insurance, ['Do you accept insurance? Yes. We accept Delta Dental, Cigna, Aetna and MetLife. Bring your card to your first visit.']);
      assert.match((await searchKnowledge(ctx.server.db, agent.id, 'how much is a cleaning', 1))[0]!, /cleaning costs \$120/);
      assert.match((await searchKnowledge(ctx.server.db, agent.id, 'where do I park'))[0]!, /^Parking:/);

      assert.deepEqual(await searchKnowledge(ctx.server.db, agent.id, ''), []);
      assert.deepEqual(await searchKnowledge(ctx.server.db, agent.id, 'and what is it that you are'), []);
      assert.deepEqual(await searchKnowledge(ctx.server.db, agent.id, 'do you sell surfboards'), []);
    });

    it('saving new knowledge replaces the agent\'s passages; saving other settings leaves them as they are', async () => {
      const { ownerToken } = await createTenant(ctx.server, { plan: 'performance-suite' });
      const agent = await createAgent(ownerToken, DENTAL_KNOWLEDGE);
      const before = await passagesOf(agent.id);

      const renamed = await call(ctx.server, 'PATCH', `agent/update-agent/${agent.id}`, { token: ownerToken, body: { name: 'Reception', knowledge: DENTAL_KNOWLEDGE } });
      assert.equal(renamed.status, 200, JSON.stringify(renamed.body));
      assert.deepEqual((await passagesOf(agent.id)).map((p) => p.id), before.map((p) => p.id));

      const knowledge = 'We moved: our new opening hours are Tuesday to Saturday, 10 am to 7 pm.\n\nParking is now in the garage on Elm Street.';
      const updated = await call(ctx.server, 'PATCH', `agent/update-agent/${agent.id}`, { token: ownerToken, body: { knowledge } });
      assert.equal(updated.status, 200, JSON.stringify(updated.body));
      assert.deepEqual((await passagesOf(agent.id)).map((p) => [p.position, p.content]), [
        [0, 'We moved: our new opening hours are Tuesday to Saturday, 10 am to 7 pm.'],
        [1, 'Parking is now in the garage on Elm Street.'],
      ]);
      assert.deepEqual(await searchKnowledge(ctx.server.db, agent.id, 'do you take cigna'), []);
      assert.deepEqual(await searchKnowledge(ctx.server.db, agent.id, 'opening hours', 1), ['We moved: our new opening hours are Tuesday to Saturday, 10 am to 7 pm.']);

      const cleared = await call(ctx.server, 'PATCH', `agent/update-agent/${agent.id}`, { token: ownerToken, body: { knowledge: '' } });
      assert.equal(cleared.status, 200);
      assert.deepEqual(await passagesOf(agent.id), []);
    });

    it('knowledge at the maximum length with thousands of short paragraphs is indexed whole', async () => {
      const { ownerToken } = await createTenant(ctx.server, { plan: 'performance-suite' });
      const paragraphs = Array.from({ length: 2_000 }, (_, i) => `Locker ${i} is on floor ${i % 9}, row ${i % 40}.`);
      const knowledge = paragraphs.join('\n\n');
      assert.ok(knowledge.length <= AGENT_KNOWLEDGE_MAX_LENGTH);
      const agent = await createAgent(ownerToken, knowledge);
      const stored = await passagesOf(agent.id);
      assert.equal(stored.length, 2_000);
      assert.deepEqual(stored.map((p) => p.position), paragraphs.map((_, i) => i));
      assert.deepEqual(await searchKnowledge(ctx.server.db, agent.id, 'where is locker 1999', 1), ['Locker 1999 is on floor 1, row 39.']);
    });

    it('a duplicated agent answers from its own copy of the knowledge, and deleting an agent deletes its passages', async () => {
      const { ownerToken } = await createTenant(ctx.server, { plan: 'performance-suite' });
      const original = await createAgent(ownerToken, DENTAL_KNOWLEDGE);
      const copy = await call(ctx.server, 'POST', 'agent/duplicate-agent', { token: ownerToken, body: { agentId: original.id } });
      assert.equal(copy.status, 200, JSON.stringify(copy.body));
      assert.equal((await passagesOf(copy.body.data.id)).length, 5);

      const deleted = await call(ctx.server, 'DELETE', `agent/delete-agent/${original.id}`, { token: ownerToken });
      assert.equal(deleted.status, 200);
      assert.deepEqual(await passagesOf(original.id), []);
      assert.deepEqual(await searchKnowledge(ctx.server.db, original.id, 'opening hours saturday'), []);
      assert.match((await searchKnowledge(ctx.server.db, copy.body.data.id, 'opening hours saturday'))[0]!, /Opening hours/);
    });

    it('caller text that looks like query syntax or SQL is searched as plain words and never breaks the search', async () => {
      const { ownerToken } = await createTenant(ctx.server, { plan: 'performance-suite' });
      const agent = await createAgent(ownerToken, DENTAL_KNOWLEDGE);
      const hostile = [
        '\'', '"', '&', '|', '!', ':*', '()', '(((', '\\', '<->', 'a & | b', '!!!saturday', 'saturday:*', '\'saturday\':A',
        'hours\'); drop table knowledge_passages; --', '" OR 1=1 --', '$1', '%', '_', '\u0000', '😀', 'x'.repeat(5_000),
        'word '.repeat(2_000), 'Sábado ¿abren? 営業時間',
      ];
      for (const turn of hostile) {
        const found = await searchKnowledge(ctx.server.db, agent.id, turn);
        assert.ok(Array.isArray(found), turn.slice(0, 20));
      }
      const mixed = await searchKnowledge(ctx.server.db, agent.id, '"opening" & !hours | (saturday:* <-> \'x\')); drop table knowledge_passages; --');
      assert.match(mixed[0]!, /Opening hours/);
      assert.equal((await passagesOf(agent.id)).length, 5);
      assert.deepEqual(await searchKnowledge(ctx.server.db, agent.id, 'opening hours', -1), []);
    });

    it('an agent never finds another agent\'s passages, in its own account or another', async () => {
      const mine = await createTenant(ctx.server, { plan: 'performance-suite' });
      const theirs = await createTenant(ctx.server, { plan: 'performance-suite' });
      const agent = await createAgent(mine.ownerToken, 'Our clinic is open on weekdays.');
      const sibling = await createAiAgent(ctx.server.db, { accountId: mine.account.id });
      await reindexKnowledge(ctx.server.db, { accountId: mine.account.id, aiAgentId: sibling.id, text: 'The sibling agent sells gift vouchers.' });
      const stranger = await createAgent(theirs.ownerToken, 'Gift vouchers and parking permits are sold at the front desk.');

      assert.deepEqual(await searchKnowledge(ctx.server.db, agent.id, 'do you sell gift vouchers or parking permits'), []);
      assert.deepEqual(await searchKnowledge(ctx.server.db, agent.id, 'are you open'), ['Our clinic is open on weekdays.']);
      assert.deepEqual(await searchKnowledge(ctx.server.db, stranger.id, 'gift vouchers'), ['Gift vouchers and parking permits are sold at the front desk.']);
    });
  });
}
