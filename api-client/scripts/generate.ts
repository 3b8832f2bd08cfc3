/**
 * Writes src/schema.ts from the public API's OpenAPI document: the one a running API serves
 * (`tsx scripts/generate.ts http://127.0.0.1:3000`), or, with no argument, the one this
 * checkout's API builds (no server or database needed).
 */
import { writeFileSync } from 'node:fs';
import type { OpenAPI3 } from 'openapi-typescript';
import { typesFromDocument } from './types-from-document';

async function publicDocument(origin: string | undefined): Promise<OpenAPI3> {
  if (origin !== undefined) {
    const response = await fetch(new URL('/v1/reference/json', origin));
    if (!response.ok) throw new Error(`${origin} answered ${response.status} for the OpenAPI document`);
    return (await response.json()) as OpenAPI3;
  }
  // A path in a variable: the API's sources stay out of this package's typecheck.
  const builder = '../../api/src/http/openapi.ts';
  const { buildOpenApi } = (await import(builder)) as { buildOpenApi: (extra: object, options: { publicOnly: boolean }) => OpenAPI3 };
  return buildOpenApi({}, { publicOnly: true });
}

const target = new URL('../src/schema.ts', import.meta.url);
writeFileSync(target, await typesFromDocument(await publicDocument(process.argv[2])));
console.info(`wrote ${target.pathname}`);
