import { db, type Database } from "./client.server";

/**
 * A query every signed-in request runs, prepared once per database (tests open a new one per
 * file): Drizzle builds its SQL once instead of on each call (issue 44, docs/decisions/068).
 * Answers a function giving the prepared query for the database in use.
 */
export function preparedForEachDatabase<Prepared>(prepare: (database: Database) => Prepared): () => Prepared {
  const prepared = new WeakMap<Database, Prepared>();
  return () => {
    const database = db();
    let query = prepared.get(database);
    if (!query) {
      query = prepare(database);
      prepared.set(database, query);
    }
    return query;
  };
}
