import { and, eq, ne, or, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { nextFreeSlug } from "~/lib/slug";
import type { Queryable } from "./client.server";
import { isUniqueViolation } from "./errors.server";

/**
 * `base` made unique in one slug column: base, base-1, base-2, … (§5). One query reads every
 * slug of that family; `excludeId` lets a record keep its own slug on edit, and `scope` narrows
 * the search when slugs are unique only within a parent (a course's lessons).
 * Posts and courses both use it.
 */
export async function uniqueSlug(
  database: Queryable,
  {
    table,
    slugColumn,
    idColumn,
    base,
    excludeId,
    scope,
  }: { table: PgTable; slugColumn: PgColumn; idColumn: PgColumn; base: string; excludeId?: string; scope?: SQL },
) {
  const escaped = base.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const family = or(eq(slugColumn, base), sql`${slugColumn} ~ ${`^${escaped}-[0-9]+$`}`);
  const rows = await database
    .select({ slug: slugColumn })
    .from(table)
    .where(and(family, excludeId ? ne(idColumn, excludeId) : undefined, scope));
  return nextFreeSlug(
    base,
    rows.map((row) => row.slug as string),
  );
}

/**
 * Runs a write that picks a unique slug first and inserts it second. Two saves racing for the same
 * slug both pick it; the loser's transaction fails with a unique violation and is run again, and
 * then sees the winner's row. Any other error, or the last attempt's, is thrown.
 */
export async function retryOnUniqueViolation<T>(write: () => Promise<T>, { attempts = 3 }: { attempts?: number } = {}): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (attempt < attempts && isUniqueViolation(error)) continue;
      throw error;
    }
  }
}
