import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { contract } from 'shared-contracts';
import JSZip from 'jszip';
import { createTenant } from '../factories';
import { assertContract } from '../helpers/contract-shape';
import type { ApiResponse, TestServer } from '../helpers/server';
import type { SuiteContext } from '../helpers/suite-context';
import { createTextExtraction, EXTRACTION_LIMITS, TOO_COMPLEX_TEXT } from '../../src/modules/knowledge/text-extraction';

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

const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** A Word document whose body is `paragraphs` (raw WordprocessingML paragraph elements). */
async function docxWith(paragraphs: string): Promise<Buffer> {
  const zip = new JSZip();
  zip.file('[Content_Types].xml', '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
    + '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
    + '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>');
  zip.file('_rels/.rels', '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
    + '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>');
  zip.file('word/document.xml', '<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">'
    + `<w:body>${paragraphs}</w:body></w:document>`);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 } });
}

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
      const { ownerToken } = await createTenant(ctx.server, { plan: 'performance-suite' });
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
      const { ownerToken } = await createTenant(ctx.server, { plan: 'performance-suite' });
      const res = await upload(ctx.server, ownerToken, { bytes: pdfWith('Parking is free behind the clinic'), name: 'faq.pdf', type: 'application/pdf' });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.equal(res.body.data.text, 'Parking is free behind the clinic');
    });

    it('type=prompt frames the text as instructions', async () => {
      const { ownerToken } = await createTenant(ctx.server, { plan: 'performance-suite' });
      const res = await upload(ctx.server, ownerToken, { bytes: 'Open 9 to 5.', name: 'hours.txt', type: 'text/plain' }, '?type=prompt');
      assert.equal(res.status, 200);
      assert.equal(res.body.data.type, 'prompt');
      assert.match(res.body.data.text, /^Answer callers using the facts in "hours.txt" below\./);
      assert.ok(res.body.data.text.endsWith('Open 9 to 5.'));
    });

    it('extracts the text of a Word document', async () => {
      const { ownerToken } = await createTenant(ctx.server, { plan: 'performance-suite' });
      const bytes = await docxWith('<w:p><w:r><w:t>Open Monday to Friday.</w:t></w:r></w:p>');
      const res = await upload(ctx.server, ownerToken, { bytes, name: 'hours.docx', type: DOCX_TYPE });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.equal(res.body.data.text, 'Open Monday to Friday.');
    });

    it('refuses a small Word file that unpacks to millions of paragraphs with a 400, and keeps answering meanwhile', async () => {
      const { ownerToken } = await createTenant(ctx.server, { plan: 'performance-suite' });
      const bomb = await docxWith('<w:p/>'.repeat(2_000_000));
      assert.ok(bomb.length < 250_000, `${bomb.length} bytes`);
      const refused = upload(ctx.server, ownerToken, { bytes: bomb, name: 'bomb.docx', type: DOCX_TYPE });
      const health = await fetch(`${ctx.server.origin}/v1/health`);
      assert.equal(health.status, 200);
      const res = await refused;
      assert.deepEqual([res.status, res.body.message], [400, TOO_COMPLEX_TEXT]);
    });

    it('reads a document that asks too much in a worker: out of memory or out of time is a 400, and the server goes on', async () => {
      const { ownerToken } = await createTenant(ctx.server, { plan: 'performance-suite' });
      // Under the unpacked-size cap, so it reaches the worker; a worker with a small heap cannot hold it.
      const extraction = createTextExtraction({ ...EXTRACTION_LIMITS, heapMb: 16, timeoutMs: 10_000 });
      try {
        const heavy = await docxWith('<w:p><w:r><w:t>word</w:t></w:r></w:p>'.repeat(200_000));
        await assert.rejects(extraction.extract(new File([heavy], 'heavy.docx', { type: DOCX_TYPE })), { statusCode: 400, message: TOO_COMPLEX_TEXT });
        const slow = createTextExtraction({ ...EXTRACTION_LIMITS, timeoutMs: 1 });
        try {
          await assert.rejects(slow.extract(new File([heavy], 'heavy.docx', { type: DOCX_TYPE })), { statusCode: 400, message: TOO_COMPLEX_TEXT });
        } finally {
          await slow.close();
        }
      } finally {
        await extraction.close();
      }
      const fine = await upload(ctx.server, ownerToken, { bytes: 'Still here', name: 'a.txt', type: 'text/plain' });
      assert.equal(fine.status, 200);
    });

    it('refuses a missing, empty, wrong-type, unreadable, non-UTF-8 or too large file', async () => {
      const { ownerToken, agentToken } = await createTenant(ctx.server, { plan: 'performance-suite' });
      const cases: Array<[Parameters<typeof upload>[2], string, number, string?]> = [
        [null, 'Choose a file to upload', 400],
        [{ bytes: '', name: 'empty.txt', type: 'text/plain' }, 'The file is empty', 400],
        [{ bytes: 'GIF89a', name: 'cat.gif', type: 'image/gif' }, 'Upload a PDF, Word, text, Markdown or CSV file', 400],
        [{ bytes: 'not a pdf at all', name: 'broken.pdf', type: 'application/pdf' }, 'The file is not a PDF file: its contents do not match its type', 400],
        [{ bytes: '%PDF-1.4 and then nothing a reader can use', name: 'broken.pdf', type: 'application/pdf' }, 'The document could not be read; is it a valid PDF or Word file?', 400],
        [{ bytes: '<html>hello</html>', name: 'page.docx', type: DOCX_TYPE }, 'The file is not a Word (.docx) file: its contents do not match its type', 400],
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
