import { allEndpoints } from './index';
import type { AnySchema } from './endpoint';

interface Node {
  type: string;
  pipe?: Node[];
  entries?: Record<string, Node>;
  wrapped?: Node;
  options?: Node[];
  item?: Node;
}

/** Every number schema reachable in `schema`, with the pipe actions that bound it (its own and its enclosing pipes'). */
function numbersIn(schema: Node, path: string, bounds: string[], found: Array<{ path: string; bounds: string[] }>): void {
  const own = schema.pipe?.slice(1).map((action) => action.type) ?? [];
  const all = [...bounds, ...own];
  if (schema.type === 'number') found.push({ path, bounds: all });
  const root = schema.pipe?.[0];
  if (root && root !== schema) numbersIn(root, path, all, found);
  for (const [key, entry] of Object.entries(schema.entries ?? {})) numbersIn(entry, `${path}.${key}`, [], found);
  if (schema.wrapped) numbersIn(schema.wrapped, path, all, found);
  for (const option of schema.options ?? []) numbersIn(option, path, all, found);
  if (schema.item) numbersIn(schema.item, `${path}[]`, [], found);
}

describe('request inputs of the contract table', () => {
  it('bound every number a client may send, below and above', () => {
    const unbounded: string[] = [];
    for (const { domain, key, def } of allEndpoints()) {
      for (const part of ['params', 'query', 'body'] as const) {
        const schema = def[part] as AnySchema | undefined;
        if (schema === undefined) continue;
        const found: Array<{ path: string; bounds: string[] }> = [];
        numbersIn(schema as unknown as Node, `${domain}.${key}.${part}`, [], found);
        for (const n of found) {
          if (!n.bounds.includes('min_value') || !n.bounds.includes('max_value')) unbounded.push(n.path);
        }
      }
    }
    expect([...new Set(unbounded)]).toEqual([]);
  });
});
