import { eq } from 'drizzle-orm';
import { contract, type Business } from 'shared-contracts';
import type { Db } from '../../db/client';
import { accounts, businesses } from '../../db/schema';
import { badRequest, notFound } from '../../http/api-error';
import { implement } from '../../http/implement';
import { INDUSTRIES, isIndustry } from './industries';

export const UNKNOWN_INDUSTRY_TEXT = 'Choose an industry from the list';

async function readBusiness(db: Db, accountId: string): Promise<Business> {
  const [row] = await db.select({ account: { name: accounts.name, createdAt: accounts.createdAt }, business: businesses })
    .from(accounts).leftJoin(businesses, eq(businesses.accountId, accounts.id)).where(eq(accounts.id, accountId));
  if (!row) throw notFound();
  const b = row.business;
  return {
    accountId,
    name: b?.name ?? row.account.name,
    industryId: b?.industryId ?? null,
    website: b?.website ?? null,
    email: b?.email ?? null,
    phoneNumber: b?.phoneNumber ?? null,
    addressLine1: b?.addressLine1 ?? null,
    addressLine2: b?.addressLine2 ?? null,
    city: b?.city ?? null,
    stateCode: b?.stateCode ?? null,
    postalCode: b?.postalCode ?? null,
    description: b?.description ?? null,
    updatedAt: (b?.updatedAt ?? row.account.createdAt).toISOString(),
  };
}

export const getAccountBusiness = implement(contract.company.getAccountBusiness, async ({ params, db }) => readBusiness(db, params.id));

export const getBusinessIndustries = implement(contract.company.getBusinessIndustries, async () =>
  [...INDUSTRIES].sort((a, b) => a.name.localeCompare(b.name)));

export const updateBusiness = implement(contract.company.updateBusiness, async ({ body, user, db }) => {
  if (body.industryId && !isIndustry(body.industryId)) throw badRequest(UNKNOWN_INDUSTRY_TEXT);
  const changes = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
  const current = await readBusiness(db, user.accountId);
  const { accountId: _a, updatedAt: _u, ...stored } = current;
  await db.insert(businesses).values({ ...stored, ...changes, accountId: user.accountId, updatedAt: new Date() })
    .onConflictDoUpdate({ target: businesses.accountId, set: { ...changes, updatedAt: new Date() } });
  return readBusiness(db, user.accountId);
});
