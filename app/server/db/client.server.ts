import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres, type PostgresJsDatabase } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { setAvailabilityProbe } from "./availability.server";
import { acquireDataDirLock } from "./lock.server";
import { withPreparedStatements } from "./pglite-statements.server";
import { openPgliteInThread } from "./pglite-thread.server";
import * as schema from "./schema";

export type Database = PostgresJsDatabase<typeof schema>;
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** A database or an open transaction: domain functions accept either. */
export type Queryable = Database | Transaction;

export type DatabaseHandle = {
  db: Database;
  kind: "pglite" | "postgres";
  /** Where the data lives, for messages (never the password). */
  location: string;
  ping(): Promise<void>;
  /**
   * Raw SQL on the driver, for the job queue's library (docs/decisions/018): `$n` parameters with
   * values, or several statements (a migration script, with its own BEGIN/COMMIT) without.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  close(): Promise<void>;
  /**
   * Calls `onChange` after every committed write, from any instance, to what anonymous pages
   * show (the tables with a page_cache trigger, drizzle/0011), and once more whenever the
   * listening connection comes back after a drop, since notifications may have been missed then.
   * Resolves once listening; the returned function stops it.
   */
  listenForContentChanges(onChange: () => void): Promise<() => Promise<void>>;
};

/** The channel (NOTIFY) and notice code (RAISE NOTICE) of the page_cache triggers. */
export const CONTENT_CHANGED_CHANNEL = "page_cache";
const CONTENT_CHANGED_NOTICE = "01PC0";

/**
 * Parameters as node-postgres would send them: undefined is NULL, a date its ISO text, an object
 * its JSON text. Drizzle makes both drivers pass json and date parameters through untouched.
 */
export const sqlValues = (values: unknown[]) =>
  values.map((value) => {
    if (value === undefined) return null;
    if (value instanceof Date) return value.toISOString();
    if (value !== null && typeof value === "object" && !Array.isArray(value) && !Buffer.isBuffer(value)) return JSON.stringify(value);
    return value;
  });

export type OpenDatabaseOptions =
  | { kind: "postgres"; url: string; max?: number }
  | { kind: "pglite"; dataDir: string }
  | { kind: "pglite-memory" };

/**
 * How the PostgreSQL pool behaves when the server goes away (docs/decisions/017): a connection
 * attempt gives up after 2 s instead of 30; a lost connection is retried after a fixed quarter
 * second instead of postgres.js's growing back-off (up to 20 s, during which queries queue and
 * pages hang); idle connections are let go after a minute and every connection is replaced after
 * half an hour, so none outlives a failover for long; and no statement may run longer than 30 s.
 */
const POSTGRES_RESILIENCE = {
  connect_timeout: 2,
  backoff: () => 0.25,
  idle_timeout: 60,
  max_lifetime: 30 * 60,
  connection: { statement_timeout: 30_000, idle_in_transaction_session_timeout: 60_000 },
} as const;

/**
 * Every statement Drizzle sends is a prepared statement (patches/drizzle-orm+0.45.4.patch): parsed
 * and planned once per connection, then sent as one Bind and Execute instead of a Parse and a
 * Describe followed, a round trip later, by the Bind. Each connection keeps its 100 most recently
 * used (patches/postgres+3.4.9.patch closes the others): about 33 KB of the server's memory each,
 * docs/decisions/079.
 */
const POSTGRES_PREPARED_PER_CONNECTION = 100;

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === "postgres") {
    // The writing connection hears the trigger's notice before its statement completes, so this
    // process forgets old pages before it answers the request that wrote; other instances hear the
    // NOTIFY a moment after the commit.
    const localWrites = new Set<() => void>();
    const onnotice = (notice: postgres.Notice) => {
      if (notice.code === CONTENT_CHANGED_NOTICE) for (const listener of localWrites) listener();
    };
    const client = postgres(options.url, {
      max: options.max ?? 10,
      max_prepared: POSTGRES_PREPARED_PER_CONNECTION,
      onnotice,
      ...POSTGRES_RESILIENCE,
    });
    const db = drizzlePostgres(client, { schema });
    const url = new URL(options.url);
    return {
      db,
      kind: "postgres",
      location: `postgres://${url.host}${url.pathname}`,
      ping: async () => void (await db.execute(sql`select 1`)),
      executeSql: async (text, values) => {
        if (values && values.length > 0) return { rows: [...(await client.unsafe(text, sqlValues(values) as never[]))] };
        // A script may hold BEGIN/COMMIT: postgres.js allows that only on a reserved connection.
        const reserved = await client.reserve();
        try {
          const result = (await reserved.unsafe(text).simple()) as unknown as Record<string, unknown>[] | Record<string, unknown>[][];
          const last = Array.isArray(result[0]) ? (result.at(-1) as Record<string, unknown>[]) : (result as Record<string, unknown>[]);
          return { rows: [...(last ?? [])] };
        } finally {
          reserved.release();
        }
      },
      close: () => client.end({ timeout: 5 }),
      async listenForContentChanges(onChange) {
        localWrites.add(onChange);
        let listening = false;
        // onlisten runs on the first LISTEN and again after every reconnect.
        const request = await client.listen(CONTENT_CHANGED_CHANNEL, onChange, () => {
          if (listening) onChange();
          listening = true;
        });
        return async () => {
          localWrites.delete(onChange);
          await request.unlisten().catch(() => {});
        };
      },
    };
  }

  let release = () => {};
  let dataDir: string | undefined;
  if (options.kind === "pglite") {
    release = acquireDataDirLock(options.dataDir);
    dataDir = path.join(options.dataDir, "db");
    fs.mkdirSync(dataDir, { recursive: true });
  }
  try {
    // A data directory (a server, a command) runs PGlite in a thread of its own (decision 077);
    // the in-memory database of the tests stays in this thread. Both run queries as prepared
    // statements (decision 078).
    const client = dataDir
      ? await openPgliteInThread(dataDir)
      : withPreparedStatements(await PGlite.create("memory://", { extensions: { pg_trgm } }));
    const db = drizzlePglite({ client: client as PGlite, schema }) as unknown as Database;
    return {
      db,
      kind: "pglite",
      location: dataDir ?? "memory",
      ping: async () => void (await client.query("select 1")),
      executeSql: async (text, values) => {
        if (values && values.length > 0) return { rows: (await client.query<Record<string, unknown>>(text, sqlValues(values))).rows };
        const results = await client.exec(text);
        return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
      },
      // One connection in this process: the callback runs as the writing transaction commits.
      async listenForContentChanges(onChange) {
        const unlisten = await client.listen(CONTENT_CHANGED_CHANNEL, onChange);
        return async () => {
          await unlisten().catch(() => {});
        };
      },
      close: async () => {
        try {
          await client.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/** Chooses the engine from the configuration: PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR/db. */
export function databaseOptionsFromConfig(config: { databaseUrl?: string; dataDir: string }): OpenDatabaseOptions {
  return config.databaseUrl ? { kind: "postgres", url: config.databaseUrl } : { kind: "pglite", dataDir: config.dataDir };
}

// The process-wide handle. Kept on globalThis so the dev server's module reloads reuse it.
const holder = globalThis as typeof globalThis & { __courseSiteDb?: DatabaseHandle };

export function setDatabase(handle: DatabaseHandle | undefined) {
  holder.__courseSiteDb = handle;
  setAvailabilityProbe(handle ? () => handle.ping() : null);
}

export function getDatabaseHandle(): DatabaseHandle {
  if (!holder.__courseSiteDb) throw new Error("The database is not open yet");
  return holder.__courseSiteDb;
}

/** The one way the app reaches the database. */
export function db(): Database {
  return getDatabaseHandle().db;
}
