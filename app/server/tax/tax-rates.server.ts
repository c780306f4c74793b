import { asc, count, eq, ilike, or } from "drizzle-orm";
import { countryName, TAX_COUNTRIES, type TaxCountry } from "~/lib/tax";
import { db, type Queryable } from "~/server/db/client.server";
import { siteSettings, taxRates } from "~/server/db/schema";

/**
 * The owner's tax settings (docs/decisions/054): whether tax is collected at checkout, and the
 * rate per buyer country the test mode applies (Stripe Tax keeps its own rates).
 */

export const TAX_RATE_PAGE_SIZE = 50;

/** Whether checkout adds tax: read on each checkout, never from a cache (it decides what is charged). */
export async function isTaxCollected({ database = db() }: { database?: Queryable } = {}) {
  const [row] = await database.select({ taxEnabled: siteSettings.taxEnabled }).from(siteSettings).where(eq(siteSettings.id, true));
  return row?.taxEnabled ?? false;
}

/** Turns tax collection on or off (a missing settings row is made with the defaults). */
export async function setTaxCollection({ enabled, actorId }: { enabled: boolean; actorId: string | null }) {
  await db()
    .insert(siteSettings)
    .values({ id: true, taxEnabled: enabled, updatedBy: actorId })
    .onConflictDoUpdate({ target: siteSettings.id, set: { taxEnabled: enabled, updatedBy: actorId, updatedAt: new Date() } });
}

/** The rate for a buyer's country in basis points, or null when the owner set none (no tax). */
export async function findTaxRate({ country, database = db() }: { country: string; database?: Queryable }) {
  const [row] = await database.select({ rateBasisPoints: taxRates.rateBasisPoints }).from(taxRates).where(eq(taxRates.country, country));
  return row?.rateBasisPoints ?? null;
}

/** Sets (or changes) a country's rate. */
export async function setTaxRate({ country, rateBasisPoints }: { country: TaxCountry; rateBasisPoints: number }) {
  await db()
    .insert(taxRates)
    .values({ country, rateBasisPoints })
    .onConflictDoUpdate({ target: taxRates.country, set: { rateBasisPoints, updatedAt: new Date() } });
}

/** Removes a country's rate; false when it had none. */
export async function deleteTaxRate({ country }: { country: string }) {
  const removed = await db().delete(taxRates).where(eq(taxRates.country, country)).returning({ country: taxRates.country });
  return removed.length > 0;
}

/** The codes whose country's name contains the text, so the list is searched by name or code. */
function countriesMatching(text: string) {
  const needle = text.trim().toLowerCase();
  return (Object.keys(TAX_COUNTRIES) as TaxCountry[]).filter((code) => TAX_COUNTRIES[code].toLowerCase().includes(needle));
}

/** Admin → Tax's list: the rates by country code, searched by code or country name. */
export async function listTaxRates({ query = "", page = 1 }: { query?: string; page?: number }) {
  const text = query.trim();
  const byName = text ? countriesMatching(text) : [];
  const where = text
    ? or(ilike(taxRates.country, `${text.replace(/[%_\\]/g, "")}%`), ...byName.map((code) => eq(taxRates.country, code)))
    : undefined;
  const [{ total }] = (await db().select({ total: count() }).from(taxRates).where(where)) as [{ total: number }];
  const pageCount = Math.max(1, Math.ceil(total / TAX_RATE_PAGE_SIZE));
  const current = Math.min(Math.max(1, page), pageCount);
  const rows = await db()
    .select({ country: taxRates.country, rateBasisPoints: taxRates.rateBasisPoints, updatedAt: taxRates.updatedAt })
    .from(taxRates)
    .where(where)
    .orderBy(asc(taxRates.country))
    .limit(TAX_RATE_PAGE_SIZE)
    .offset((current - 1) * TAX_RATE_PAGE_SIZE);
  return { rates: rows.map((row) => ({ ...row, countryName: countryName(row.country) })), total, page: current, pageCount };
}
