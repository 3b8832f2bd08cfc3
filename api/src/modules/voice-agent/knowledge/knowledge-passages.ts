import { eq, sql } from 'drizzle-orm';
import { stripControlCharacters } from 'shared-contracts';
import { lookupDbOf, type Db } from '../../../db/client';
import { queryRows } from '../../../db/query-rows';
import { knowledgePassages } from '../../../db/schema';

/** Long enough to hold an answer, short enough for a voice agent to say in one breath or two. */
export const PASSAGE_MAX_CHARS = 600;
/** A short block that ends no sentence (a heading, a label, a question) leads into the next one. */
const LEAD_IN_MAX_CHARS = 120;
/** Rows per INSERT: far below PostgreSQL's 65,535 bind parameters at 4 a row. */
const INSERT_BATCH = 1_000;
/** A turn is a sentence or two; a longer one is searched by its first words. */
const QUERY_MAX_WORDS = 32;
/** Longer "words" are noise (a pasted code, a URL run together), and the parser refuses huge ones. */
const QUERY_WORD_MAX_CHARS = 64;
export const SEARCH_MAX_RESULTS = 20;

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();
const endsSentence = (text: string) => /[.!…]["'”’)\]]*$/.test(text);
const isLeadIn = (block: string) => block.length <= LEAD_IN_MAX_CHARS && !endsSentence(block);
/** "Opening hours" + "Monday to…" reads "Opening hours: Monday to…"; a question or label keeps its own mark. */
const asLeadIn = (block: string) => (/[:?]$/.test(block) ? block : `${block}:`);

/** Paragraphs: blocks between blank lines, with Markdown heading marks dropped (nobody says "##"). */
const paragraphs = (text: string) =>
  stripControlCharacters(text).replace(/\r\n?/g, '\n').split(/\n[ \t]*\n/).map((block) => block.replace(/^[ \t]*#{1,6}[ \t]+/gm, ''));

/** A sentence ends at . ! ? (perhaps closed by a quote or bracket) before a capital, a digit or an opening quote. */
const SENTENCE_END = /(?<=[.!?…]["'”’)\]]*)\s+(?=[\p{Lu}\p{N}"'“‘(¿¡])/u;

/** Cuts a word longer than a passage without splitting a surrogate pair. */
function hardCut(word: string): string[] {
  const pieces: string[] = [];
  let rest = word;
  while (rest.length > PASSAGE_MAX_CHARS) {
    const code = rest.charCodeAt(PASSAGE_MAX_CHARS - 1);
    const at = code >= 0xd800 && code <= 0xdbff ? PASSAGE_MAX_CHARS - 1 : PASSAGE_MAX_CHARS;
    pieces.push(rest.slice(0, at));
    rest = rest.slice(at);
  }
  return [...pieces, rest];
}

/** Pieces no longer than a passage: sentences, or the lines of a long one (a list, a table), or its words. */
function pieces(block: string): string[] {
  return block.split(SENTENCE_END).flatMap((sentence) => {
    const flat = collapse(sentence);
    if (flat.length <= PASSAGE_MAX_CHARS) return [flat];
    return sentence.split('\n').flatMap((line) => {
      const flatLine = collapse(line);
      return flatLine.length <= PASSAGE_MAX_CHARS ? [flatLine] : flatLine.split(' ').flatMap(hardCut);
    });
  }).filter((piece) => piece !== '');
}

/** Consecutive pieces joined while they fit in one passage. */
function pack(parts: string[]): string[] {
  const passages: string[] = [];
  let current = '';
  for (const part of parts) {
    if (current === '') current = part;
    else if (current.length + 1 + part.length <= PASSAGE_MAX_CHARS) current = `${current} ${part}`;
    else {
      passages.push(current);
      current = part;
    }
  }
  if (current !== '') passages.push(current);
  return passages;
}

const cut = (block: string) => (collapse(block).length <= PASSAGE_MAX_CHARS ? [collapse(block)] : pack(pieces(block)));

/**
 * An agent's knowledge text as passages a voice agent can say: one per paragraph, a long
 * paragraph cut at sentence boundaries (then line breaks, then spaces) into pieces of at most
 * PASSAGE_MAX_CHARS, whitespace collapsed, empty ones dropped. A heading or a question in a
 * block of its own leads into the paragraph after it, so the answer keeps its subject; a run
 * of such short blocks (a list) is packed like lines. Deterministic: the same text always
 * gives the same passages.
 */
export function splitPassages(text: string): string[] {
  const passages: string[] = [];
  let leadIns: string[] = [];
  const flushList = (keep: number) => {
    const list = leadIns.slice(0, leadIns.length - keep);
    if (list.length > 0) passages.push(...cut(list.join('\n')));
    leadIns = leadIns.slice(leadIns.length - keep);
  };
  for (const block of paragraphs(text)) {
    const flat = collapse(block);
    if (flat === '') continue;
    if (isLeadIn(flat)) {
      leadIns.push(flat);
      continue;
    }
    // More lead-in text than a heading and a subheading: the run was a list; only its last line heads this paragraph.
    if (leadIns.reduce((sum, l) => sum + l.length + 1, 0) > LEAD_IN_MAX_CHARS) flushList(1);
    const heading = leadIns.map(asLeadIn).join(' ');
    leadIns = [];
    passages.push(...cut(heading === '' ? block : `${heading} ${block}`));
  }
  flushList(0);
  return passages;
}

/**
 * Replaces an agent's passages with those of its knowledge text, in one transaction so a
 * call searching meanwhile sees the old passages or the new ones, never half of each.
 */
export async function reindexKnowledge(db: Db, { accountId, aiAgentId, text }: { accountId: string; aiAgentId: string; text: string }): Promise<number> {
  const rows = splitPassages(text).map((content, position) => ({ accountId, aiAgentId, position, content }));
  await db.transaction(async (tx) => {
    await tx.delete(knowledgePassages).where(eq(knowledgePassages.aiAgentId, aiAgentId));
    for (let i = 0; i < rows.length; i += INSERT_BATCH) {
      await tx.insert(knowledgePassages).values(rows.slice(i, i + INSERT_BATCH));
    }
  });
  return rows.length;
}

/**
 * The words of a caller's turn, letters and digits only: whatever the caller said, the query
 * is built from plain words and can never be read as tsquery syntax or SQL.
 */
export function queryWords(turn: string): string[] {
  const words = turn.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words.filter((w) => w.length <= QUERY_WORD_MAX_CHARS))].slice(0, QUERY_MAX_WORDS);
}

/**
 * The agent's passages that best match a caller's turn, best first. Any of the turn's words
 * may match (stemmed, English stop words dropped, as the passages were indexed), and passages
 * that match more of them, more often, rank higher. A turn with no searchable word gives [].
 * A caller waits on it, so it runs on the connections kept for such reads (`lookupDbOf`).
 */
export async function searchKnowledge(db: Db, aiAgentId: string, turn: string, limit = 3): Promise<string[]> {
  const words = queryWords(turn);
  const count = Math.min(Math.max(Math.trunc(limit), 0), SEARCH_MAX_RESULTS);
  if (words.length === 0 || count === 0) return [];
  // The turn's lexemes (from to_tsvector, which drops stop words without a notice) joined with
  // OR; no lexeme at all gives a null query, which matches nothing.
  const rows = await queryRows<{ content: string }>(lookupDbOf(db), sql`
    with q as (
      select string_agg(quote_literal(lexeme), ' | ')::tsquery as query
      from unnest(to_tsvector('english', ${words.join(' ')}))
    )
    select p.content from ${knowledgePassages} p, q
    where p.ai_agent_id = ${aiAgentId} and p.search @@ q.query
    order by ts_rank(p.search, q.query) desc, p.position
    limit ${count}`);
  return rows.map((r) => r.content);
}
