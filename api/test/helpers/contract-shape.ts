import assert from 'node:assert/strict';
import * as v from 'valibot';
import type { EndpointDef } from 'shared-contracts';

/** Fails unless a response body is exactly what the contract promises the client. */
export function assertContract(def: EndpointDef, body: { data: unknown; total?: unknown }): void {
  const result = v.safeParse(def.response, body.data);
  assert.ok(result.success, `response does not match ${def.path}: ${result.issues?.map((i) => `${v.getDotPath(i)}: ${i.message}`).join('; ')}`);
  if (def.paged) assert.equal(typeof body.total, 'number', 'paged responses carry a total');
}
