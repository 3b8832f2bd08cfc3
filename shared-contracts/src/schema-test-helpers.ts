// Test-only helpers (imported by *.test.ts files, not exported by the package).
import * as v from 'valibot';
import type { AnySchema } from './http/endpoint';

/** The first issue's message and dotted path, or null when the input is valid. */
export function firstIssue(schema: AnySchema, input: unknown): { message: string; path: string | null } | null {
  const result = v.safeParse(schema, input);
  if (result.success) return null;
  const issue = result.issues[0];
  return { message: issue.message, path: v.getDotPath(issue) };
}

export const messageOf = (schema: AnySchema, input: unknown): string | null => firstIssue(schema, input)?.message ?? null;

/** The parsed output; throws with the issues when the input is refused. */
export function parsed<S extends AnySchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (!result.success) throw new Error(result.issues.map((i) => `${v.getDotPath(i)}: ${i.message}`).join('; '));
  return result.output;
}

export const ID = '6f1c2b1e-3b7a-4b7e-9a52-2d2f0a1b9c10';
export const ID2 = '0b6a6a54-2f2b-4c59-8d0e-5b8a4e3f2c11';
export const NOW = '2025-03-01T10:00:00.000Z';
