import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { aiClients, type AiClientRow } from '../../db/schema';
import { notFound } from '../../http/api-error';

/** The client with this id, or 404. */
export async function findAiClient(db: Db, id: string): Promise<AiClientRow> {
  const [row] = await db.select().from(aiClients).where(eq(aiClients.id, id));
  if (!row) throw notFound();
  return row;
}
