import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PGLITE_HELPERS, pgliteStatements, withPreparedStatements } from "./pglite-statements.server";

// Prepared statements for PGlite (decision 078) answer as PGlite's own `query` does.
describe("PGlite queries as prepared statements", () => {
  let pg: PGlite;
  beforeAll(async () => {
    pg = await PGlite.create("memory://");
    await pg.exec("create table notes (id text primary key, body text not null, at timestamptz not null, tags text[] not null default '{}')");
  });
  afterAll(async () => {
    await pg.close();
  });

  /** The names of the prepared statements the database holds. */
  const held = async () => (await pg.query<{ name: string }>("select name from pg_prepared_statements order by name")).rows.map((row) => row.name);

  it("answers every kind of value, parameter and row mode as PGlite's query does", async () => {
    const statements = pgliteStatements(pg, PGLITE_HELPERS);
    const query = `select 1::int4 as small, 9007199254740993::int8 as big, 12.50::numeric as money, true as yes, null::text as nothing,
      '{"a":[1,2]}'::jsonb as doc, array['x','y']::text[] as tags, '\\x0102'::bytea as bytes, '2026-11-29 02:03:04.5+00'::timestamptz as at,
      $1::text as param, $2::timestamptz as param_at, $3::jsonb as param_doc, $4::text[] as param_tags, $5::int4 as param_nothing`;
    const params = ["hello", new Date("2026-01-02T03:04:05Z"), { b: [true] }, ["p", "q"], null];
    for (const options of [undefined, { rowMode: "array" as const }, { rowMode: "array" as const, parsers: { 1184: (value: string) => value } }]) {
      // Twice: the first call prepares, the second uses the statement.
      for (let time = 0; time < 2; time++) {
        const [mine, theirs] = await Promise.all([statements.query(query, params, options), pg.query(query, params, options)]);
        expect(mine.rows).toEqual(theirs.rows);
        expect(mine.fields).toEqual(theirs.fields);
      }
    }
    const insert = "insert into notes (id, body, at) values ($1, $2, $3), ($4, $5, $6)";
    const written = await statements.query(insert, ["a", "first", new Date(), "b", "second", new Date()]);
    expect(written.affectedRows).toBe(2);
    expect(written.rows).toEqual([]);
    const updated = await statements.query<{ id: string }>("update notes set body = body || '!' where id = any($1) returning id", [["a", "b", "c"]]);
    expect(updated.affectedRows).toBe(2);
    expect(updated.rows.map((row) => row.id).sort()).toEqual(["a", "b"]);
  });

  it("parses a statement once and runs it again by name", async () => {
    const statements = pgliteStatements(pg, PGLITE_HELPERS);
    const before = await held();
    for (let time = 0; time < 3; time++) await statements.query("select body from notes where id = $1", ["a"]);
    await statements.query("select id from notes where body like $1", ["%"]);
    expect((await held()).length - before.length).toBe(2);
  });

  it("keeps the most recently used statements, up to its limit, and closes the others", async () => {
    const statements = pgliteStatements(pg, PGLITE_HELPERS, 3);
    const before = (await held()).length;
    for (let index = 0; index < 6; index++) await statements.query(`select $1::int4 + ${index} as value`, [index]);
    // Each parse closes what the last one retired: at most the limit and the one being retired.
    expect((await held()).length - before).toBeLessThanOrEqual(4);
    expect((await statements.query<{ value: number }>("select $1::int4 + 5 as value", [1])).rows).toEqual([{ value: 6 }]);
    expect((await statements.query<{ value: number }>("select $1::int4 + 0 as value", [1])).rows).toEqual([{ value: 1 }]);
    expect((await held()).length - before).toBeLessThanOrEqual(4);
  });

  it("throws PGlite's error, with the query and parameters, and goes on working", async () => {
    const statements = pgliteStatements(pg, PGLITE_HELPERS);
    const insert = "insert into notes (id, body, at) values ($1, $2, $3)";
    const error = await statements.query(insert, ["a", "again", new Date()]).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: "23505", constraint: "notes_pkey", query: insert, params: ["a", "again", expect.any(Date)] });
    const syntax = await statements.query("select from where $1", [1]).catch((caught: unknown) => caught);
    expect(syntax).toMatchObject({ code: "42601" });
    expect((await statements.query<{ body: string }>("select body from notes where id = $1", ["a"])).rows).toEqual([{ body: "first!" }]);
  });

  it("parses afresh a statement whose table changed shape", async () => {
    const statements = pgliteStatements(pg, PGLITE_HELPERS);
    await pg.exec("create table shapes (id int4 primary key)");
    await pg.exec("insert into shapes values (1)");
    expect((await statements.query("select * from shapes where id = $1", [1])).rows).toEqual([{ id: 1 }]);
    await pg.exec("alter table shapes add column label text default 'one'");
    expect((await statements.query("select * from shapes where id = $1", [1])).rows).toEqual([{ id: 1, label: "one" }]);
  });

  it("runs inside a transaction, rolls back with it, and waits for it outside", async () => {
    const client = withPreparedStatements(pg);
    const order: string[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = client.transaction(async (tx) => {
      await tx.query("insert into notes (id, body, at) values ($1, $2, $3)", ["t", "in a transaction", new Date()]);
      expect((await tx.query("select body from notes where id = $1", ["t"])).rows).toEqual([{ body: "in a transaction" }]);
      await held;
      order.push("transaction");
      await tx.rollback();
    });
    const outside = client.query("select count(*)::int4 as count from notes where id = $1", ["t"]).then((result) => {
      order.push("outside");
      return result.rows;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await transaction;
    expect(await outside).toEqual([{ count: 0 }]);
    expect(order).toEqual(["transaction", "outside"]);
    // A transaction's query after it ended is refused, as PGlite refuses it.
    let ended: Parameters<Parameters<typeof client.transaction>[0]>[0] | undefined;
    await client.transaction(async (tx) => {
      ended = tx;
    });
    await expect(ended!.query("select 1")).rejects.toThrow("Transaction is closed");
  });
});
