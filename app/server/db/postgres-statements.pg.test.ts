import { sql } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, beforeAll, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "./client.server";

/**
 * Prepared statements on PostgreSQL (docs/decisions/079; runs only with TEST_DATABASE_URL, in the
 * postgres project): every query Drizzle sends is prepared, and a connection keeps only its most
 * recently used statements (postgres.js's `max_prepared`, added by patches/postgres+3.4.9.patch),
 * closing the others on the server.
 */

const serverUrl = () => {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("This test needs TEST_DATABASE_URL (a PostgreSQL server)");
  return url;
};

let client: postgres.Sql;

beforeAll(async () => {
  client = postgres(serverUrl(), { max: 1, max_prepared: 3, onnotice: () => {} });
  await client.unsafe("create temporary table numbers (n int primary key)");
  await client.unsafe("insert into numbers select generate_series(1, 20)");
});

afterAll(async () => {
  await client?.end();
});

/** A statement of its own for each shape, all with a parameter. */
const statement = (shape: number) => `select n, n * ${shape + 1} as times from numbers where n <= $1 order by n`;
const run = (shape: number, upTo: number) => client.unsafe(statement(shape), [upTo], { prepare: true });
const preparedOnServer = async () =>
  (await client.unsafe("select statement from pg_prepared_statements")).map((row) => String(row.statement));

it("keeps at most max_prepared statements on the connection, closing the least recently used", async () => {
  for (let shape = 0; shape < 6; shape++) await run(shape, 2);
  const kept = await preparedOnServer();
  expect(kept).toHaveLength(3);
  expect(kept.sort()).toEqual([statement(3), statement(4), statement(5)].sort());

  // Using one again makes it the most recently used: the next new one closes another.
  await run(3, 2);
  await run(6, 2);
  expect((await preparedOnServer()).sort()).toEqual([statement(3), statement(5), statement(6)].sort());
});

it("answers a closed statement again, and a burst of them sent together, with the right rows", async () => {
  const answers = await Promise.all(Array.from({ length: 24 }, (_, index) => run(index % 8, (index % 5) + 1)));
  answers.forEach((rows, index) => {
    const shape = index % 8;
    const upTo = (index % 5) + 1;
    expect(rows.map((row) => [row.n, row.times])).toEqual(Array.from({ length: upTo }, (_, i) => [i + 1, (i + 1) * (shape + 1)]));
  });
  expect((await preparedOnServer()).length).toBeLessThanOrEqual(3);
});

it("keeps the connection in step after a failed statement and through a cursor", async () => {
  const failing = client.unsafe("select 10 / (n - $1) as q from numbers where n = 5", [5], { prepare: true });
  const settled = await Promise.allSettled([run(10, 1), failing, run(11, 2), run(12, 3)]);
  expect(settled.map((result) => result.status)).toEqual(["fulfilled", "rejected", "fulfilled", "fulfilled"]);
  expect((settled[1] as PromiseRejectedResult).reason).toMatchObject({ code: "22012" });

  // A cursor ends with a Close of its own: its CloseComplete must not be taken for a statement's.
  const batches: number[][] = [];
  for await (const rows of client.unsafe("select n from numbers where n <= $1 order by n", [5], { prepare: true }).cursor(2)) {
    batches.push(rows.map((row) => row.n as number));
  }
  expect(batches).toEqual([[1, 2], [3, 4], [5]]);
  expect((await run(13, 4)).map((row) => row.n)).toEqual([1, 2, 3, 4]);
});

it("prepares what Drizzle sends through the app's database handle", async () => {
  let handle: DatabaseHandle | undefined;
  try {
    handle = await openDatabase({ kind: "postgres", url: serverUrl(), max: 1 });
    const marker = `prepared-${Date.now()}`;
    const rows = await handle.db.execute(sql`select ${marker}::text as marker, ${41}::int + 1 as answer`);
    expect([...rows]).toEqual([{ marker, answer: 42 }]);
    const prepared = await handle.db.execute(
      sql`select statement from pg_prepared_statements where statement like ${"%::int + 1 as answer%"}`,
    );
    expect(prepared.length).toBe(1);
  } finally {
    await handle?.close();
  }
});
