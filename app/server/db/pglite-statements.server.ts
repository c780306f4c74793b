import type { PGlite, QueryOptions, Results, Transaction } from "@electric-sql/pglite";
import { parse, protocol } from "@electric-sql/pglite";

/**
 * PGlite's `query` parses and plans its SQL on every call, in six calls into the database (parse,
 * describe, bind, describe, execute, sync). This runs each distinct SQL text as a named prepared
 * statement instead: parsed once, then one call per query (bind, describe, execute and sync
 * together), and PostgreSQL keeps a generic plan once it finds it as good as a fresh one, as it
 * does for postgres.js's prepared statements. Measured on the demo school, a signed-in page's
 * queries took 250–760 µs each through `query` and 40–85 µs this way (docs/decisions/078).
 *
 * The answers are PGlite's own: its serializers for the parameters, its `parseResults` for the
 * rows, and a failed statement throws its DatabaseError with the query and parameters attached.
 * A query outside a transaction waits for PGlite's transaction and query locks, as `query` does;
 * one inside the open transaction (which holds the transaction lock) waits for the query lock.
 * The `limit` most recently used statements are kept; older ones are closed.
 *
 * Self-contained (it uses its arguments only): the database thread's program embeds its source
 * text (pglite-thread.server.ts), and the tests' in-memory database uses it as it is.
 */
export function pgliteStatements(
  pg: Pick<PGlite, "execProtocolStream" | "serializers" | "parsers" | "syncToFs" | "_checkReady" | "_runExclusiveQuery" | "_runExclusiveTransaction">,
  helpers: {
    serialize: typeof protocol.serialize;
    parseResults: typeof parse.parseResults;
    parseDescribeStatementResults: typeof parse.parseDescribeStatementResults;
  },
  limit = 500,
) {
  const { serialize, parseResults, parseDescribeStatementResults } = helpers;
  /** SQL text → its statement, oldest use first. */
  const statements = new Map<string, { name: string; types: number[] }>();
  /** Statements dropped from the map, closed with the next parse. */
  const retired: string[] = [];
  // Names unique to this cache, should another share the database.
  const prefix = `course_site_${Math.random().toString(36).slice(2, 8)}_`;
  let count = 0;

  const join = (messages: Uint8Array[]) => {
    const buffer = new Uint8Array(messages.reduce((size, message) => size + message.length, 0));
    let offset = 0;
    for (const message of messages) {
      buffer.set(message, offset);
      offset += message.length;
    }
    return buffer;
  };

  const forget = (text: string) => {
    const statement = statements.get(text);
    if (!statement) return;
    statements.delete(text);
    retired.push(statement.name);
  };

  const statementFor = async (text: string, options: QueryOptions | undefined) => {
    const known = statements.get(text);
    if (known) {
      statements.delete(text);
      statements.set(text, known);
      return known;
    }
    while (statements.size >= limit) forget(statements.keys().next().value as string);
    const name = `${prefix}${++count}`;
    const messages = retired.splice(0).map((old) => serialize.close({ type: "S", name: old }));
    messages.push(serialize.parse({ name, text, types: options?.paramTypes }), serialize.describe({ type: "S", name }), serialize.sync());
    const described = await pg.execProtocolStream(join(messages), { syncToFs: false });
    const statement = { name, types: parseDescribeStatementResults(described) };
    statements.set(text, statement);
    return statement;
  };

  const run = async <T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> => {
    try {
      const statement = await statementFor(text, options);
      const values = params.map((value, index) => {
        if (value === null || value === undefined) return null;
        const type = statement.types[index]!;
        const serializer = options?.serializers?.[type] ?? pg.serializers[type];
        return serializer ? serializer(value) : String(value);
      });
      const messages = await pg.execProtocolStream(
        join([serialize.bind({ statement: statement.name, values }), serialize.describe({ type: "P" }), serialize.execute({}), serialize.sync()]),
        { syncToFs: false },
      );
      return parseResults(messages, pg.parsers, options)[0] as Results<T>;
    } catch (error) {
      if (error && typeof error === "object" && "severity" in error) {
        // A statement whose tables changed shape since it was parsed ("cached plan must not
        // change result type") is parsed afresh next time.
        if ((error as { code?: string }).code === "0A000") forget(text);
        Object.assign(error, { query: text, params, queryOptions: options });
      }
      throw error;
    }
  };

  return {
    /** A query outside any transaction. */
    async query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
      await pg._checkReady();
      return await pg._runExclusiveTransaction(() =>
        pg._runExclusiveQuery(async () => {
          const result = await run<T>(text, params, options).catch((error: { code?: string }) => {
            // Once more, parsed afresh, when the tables changed shape (see `run`).
            if (error?.code === "0A000") return run<T>(text, params, options);
            throw error;
          });
          await pg.syncToFs();
          return result;
        }),
      );
    },
    /** A query inside `transaction`, which must still be open. */
    async queryInTransaction<T>(transaction: Pick<Transaction, "closed">, text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
      if (transaction.closed) throw new Error("Transaction is closed");
      return await pg._runExclusiveQuery(() => run<T>(text, params, options));
    },
  };
}

/** PGlite's helpers, for `pgliteStatements` in this thread. */
export const PGLITE_HELPERS = {
  serialize: protocol.serialize,
  parseResults: parse.parseResults,
  parseDescribeStatementResults: parse.parseDescribeStatementResults,
};

/**
 * `pg` with its queries run as prepared statements (`pgliteStatements`): the part of PGlite that
 * Drizzle and this app use (`query`, `exec`, `transaction`, `listen`, `close`), as the database
 * thread's stand-in offers it (pglite-thread.server.ts).
 */
export function withPreparedStatements(pg: PGlite) {
  const statements = pgliteStatements(pg, PGLITE_HELPERS);
  return {
    query: <T>(text: string, params?: unknown[], options?: QueryOptions) => statements.query<T>(text, params, options),
    exec: (text: string, options?: QueryOptions) => pg.exec(text, options),
    transaction: <T>(work: (tx: Transaction) => Promise<T>) =>
      pg.transaction((tx) => {
        // PGlite's transaction object, with its queries prepared too.
        const prepared = Object.create(tx) as Transaction;
        prepared.query = (text, params, options) => statements.queryInTransaction(tx, text, params, options);
        return work(prepared);
      }),
    listen: (channel: string, callback: (payload: string) => void) => pg.listen(channel, callback),
    close: () => pg.close(),
  };
}
