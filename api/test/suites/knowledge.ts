import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { contract } from 'shared-contracts';
import { createTenant } from '../factories';
import { assertContract } from '../helpers/contract-shape';
import type { ApiResponse, TestServer } from '../helpers/server';
import type { SuiteContext } from '../helpers/suite-context';

/** A one-page PDF whose page shows `text` (pdf.js rebuilds the cross-reference table itself). */
const pdfWith = (text: string) => Buffer.from([
  '%PDF-1.4',
  '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
  '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
  '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 300 144] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >> endobj',
  `4 0 obj << /Length ${`BT /F1 18 Tf 20 80 Td (${text}) Tj ET`.length} >> stream`,
  `BT /F1 18 Tf 20 80 Td (${text}) Tj ET`,
  'endstream endobj',
  '5 0 obj << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> endobj',
  'trailer << /Root 1 0 R >>',
  '%%EOF',
].join('\n'));

async function upload(server: TestServer, token: string, file: { bytes: Buffer | string; name: string; type: string } | null, query = '') {
  const form = new FormData();
  if (file) form.append('file', new Blob([file.bytes], { type: file.type }), file.name);
  const response = await fetch(`${server.origin}/v1/knowledge/generate-text${query}`, {
    method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form,
  });
  return { status: response.status, body: (await response.json()) as ApiResponse['body'] };
}

export function knowledgeSuite(ctx: SuiteContext) {
  describe('knowledge/generate-text', () => {
    it('returns the text of text, Markdown and CSV files as uploaded', async () => {
      const { ownerToken } = await createTenant(ctx.server);
      const txt = await upload(ctx.server, ownerToken, { bytes: '\uFEFFOpen 9 to 5.\r\n\r\n\r\n\r\nClosed Sundays.  \n', name: 'hours.txt', type: 'text/plain' });
      assert.equal(txt.status, 200, JSON.stringify(txt.body));
      assertContract(contract.knowledge.generateText, txt.body);
      assert.deepEqual(txt.body.data, { type: 'knowledge', text: 'Open 9 to 5.\n\nClosed Sundays.', fileName: 'hours.txt', characters: 29 });

      // Browsers often send .md and .csv with a vague type; the extension decides.
      const md = await upload(ctx.server, ownerToken, { bytes: '# Prices\n- Cleaning: $80', name: 'prices.md', type: 'application/octet-stream' });
      assert.equal(md.body.data.text, '# Prices\n- Cleaning: $80');
      const csv = await upload(ctx.server, ownerToken, { bytes: 'service,price\ncleaning,80', name: 'prices.csv', type: 'application/vnd.ms-excel' });
      assert.equal(csv.body.data.text, 'service,price\ncleaning,80');
    });

    it('extracts the text of a PDF', async () => {
      const { ownerToken } = await createTenant(ctx.server);
      const res = await upload(ctx.server, ownerToken, { bytes: pdfWith('Parking is free behind the clinic'), name: 'faq.pdf', type: 'application/pdf' });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.equal(res.body.data.text, 'Parking is free behind the clinic');
    });

    it('type=prompt frames the text as instructions', async () => {
      const { ownerToken } = await createTenant(ctx.server);
      const res = await upload(ctx.server, ownerToken, { bytes: 'Open 9 to 5.', name: 'hours.txt', type: 'text/plain' }, '?type=prompt');
      assert.equal(res.status, 200);
      assert.equal(res.body.data.type, 'prompt');
      assert.match(res.body.data.text, /^Answer callers using the facts in "hours.txt" below\./);
      assert.ok(res.body.data.text.endsWith('Open 9 to 5.'));
    });

    it('refuses a missing, empty, wrong-type, unreadable, non-UTF-8 or too large file', async () => {
      const { ownerToken, agentToken } = await createTenant(ctx.server);
      const cases: Array<[Parameters<typeof upload>[2], string, number, string?]> = [
        [null, 'Choose a file to upload', 400],
        [{ bytes: '', name: 'empty.txt', type: 'text/plain' }, 'The file is empty', 400],
        [{ bytes: 'GIF89a', name: 'cat.gif', type: 'image/gif' }, 'Upload a PDF, Word, text, Markdown or CSV file', 400],
        [{ bytes: 'not a pdf at all', name: 'broken.pdf', type: 'application/pdf' }, 'The document could not be read; is it a valid PDF or Word file?', 400],
        [{ bytes: Buffer.from([0xff, 0xfe, 0x00, 0xd8]), name: 'latin.txt', type: 'text/plain' }, 'The file is not UTF-8 text', 400],
        [{ bytes: '   \n\n ', name: 'blank.txt', type: 'text/plain' }, 'No text was found in the document', 400],
        [{ bytes: Buffer.alloc(10 * 1024 * 1024 + 1, 97), name: 'huge.txt', type: 'text/plain' }, 'The file must be at most 10 MB', 413],
        [{ bytes: 'x', name: 'a.txt', type: 'text/plain' }, 'Type must be knowledge or prompt', 400, '?type=poem'],
      ];
      for (const [file, message, status, query] of cases) {
        const res = await upload(ctx.server, ownerToken, file, query);
        assert.equal(res.status, status, `${file?.name}: ${JSON.stringify(res.body)}`);
        assert.equal(res.body.message, message);
      }
      const json = await fetch(`${ctx.server.origin}/v1/knowledge/generate-text`, {
        method: 'POST', headers: { authorization: `Bearer ${ownerToken}`, 'content-type': 'application/json' }, body: '{"file":"x"}',
      });
      assert.equal(json.status, 400);
      const agent = await upload(ctx.server, agentToken, { bytes: 'x', name: 'a.txt', type: 'text/plain' });
      assert.equal(agent.status, 403);
    });
  });
}
