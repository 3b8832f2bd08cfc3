import { Piscina } from 'piscina';
import { stripControlCharacters } from 'shared-contracts';
import { servicePlugin } from '../../plugins/service-plugin';
import { badRequest } from '../../http/api-error';
import { EXTRACTION_WORKER } from '../../paths';
import type { ExtractionResult, ExtractionTask } from './extraction-worker';
import { tidyExtractedText } from './tidy-text';
import { declaredZipSize } from './zip-expansion';

export const NOT_UTF8_TEXT = 'The file is not UTF-8 text';
export const UNREADABLE_DOCUMENT_TEXT = 'The document could not be read; is it a valid PDF or Word file?';
export const NO_TEXT_FOUND_TEXT = 'No text was found in the document';
export const TOO_COMPLEX_TEXT = 'The document is too large or too complex to read; upload a shorter or simpler one';

/**
 * What reading one document may cost. A Word file may declare at most this much XML once
 * unpacked (a long handbook is a few MB); the worker gets this much heap and this long.
 */
export const EXTRACTION_LIMITS = { maxUnpackedBytes: 32 * 1024 * 1024, heapMb: 256, timeoutMs: 15_000, threads: 2 };

export interface TextExtraction {
  /** The plain text of an uploaded document, by its (already validated) MIME type; a clear 400 when it cannot be had. */
  extract(file: File): Promise<string>;
}

declare module 'fastify' {
  interface FastifyInstance {
    textExtraction: TextExtraction;
  }
}

/**
 * Reads documents in worker threads with a heap cap and a deadline, at most `threads` at once
 * (the rest wait their turn), so a hostile file costs one worker, never the API's memory or its
 * event loop.
 */
export function createTextExtraction(limits = EXTRACTION_LIMITS): TextExtraction & { close(): Promise<void> } {
  const pool = new Piscina<ExtractionTask, ExtractionResult>({
    filename: EXTRACTION_WORKER.href,
    maxThreads: limits.threads,
    minThreads: 0,
    idleTimeout: 30_000,
    resourceLimits: { maxOldGenerationSizeMb: limits.heapMb, maxYoungGenerationSizeMb: 32 },
  });
  return {
    async extract(file) {
      const bytes = new Uint8Array(await file.arrayBuffer());
      if (file.type.endsWith('wordprocessingml.document')) {
        const unpacked = declaredZipSize(bytes);
        if (unpacked === null) throw badRequest(UNREADABLE_DOCUMENT_TEXT);
        if (unpacked > limits.maxUnpackedBytes) throw badRequest(TOO_COMPLEX_TEXT);
      }
      let result: ExtractionResult;
      try {
        result = await pool.run({ bytes, type: file.type }, { signal: AbortSignal.timeout(limits.timeoutMs) });
      } catch {
        // Out of memory, out of time, or the worker died: the document asked too much of it.
        throw badRequest(TOO_COMPLEX_TEXT);
      }
      if (!result.ok) throw badRequest(result.reason === 'not-utf8' ? NOT_UTF8_TEXT : UNREADABLE_DOCUMENT_TEXT);
      // Text from a document is stored and shown: control characters go, as they would be refused if typed.
      const text = tidyExtractedText(stripControlCharacters(result.text));
      if (text === '') throw badRequest(NO_TEXT_FOUND_TEXT);
      return text;
    },
    close: () => pool.destroy(),
  };
}

/** Decorates `app.textExtraction`; its workers end with the app. */
export const textExtractionPlugin = servicePlugin('text-extraction', async (app) => {
  const extraction = createTextExtraction();
  app.decorate('textExtraction', extraction);
  app.addHook('onClose', () => extraction.close());
});
