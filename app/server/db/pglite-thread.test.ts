import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTENT_CHANGED_CHANNEL, openDatabase } from "./client.server";
import { isUniqueViolation } from "./errors.server";
import { openPgliteInThread, type ThreadedPglite } from "./pglite-thread.server";

// The embedded database in its own thread (decision 077) answers as PGlite in this thread does.
const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pglite-thread-"));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

const notes = pgTable("notes", {
  id: text("id").primaryKey(),
  body: text("body").notNull(),
  at: timestamp("at", { withTimezone: true, mode: "date" }).notNull(),
});
const SETUP = "create table notes (id text primary key, body text not null, at timestamptz not null)";

describe("PGlite in a thread", () => {
  let threaded: ThreadedPglite;
  let local: PGlite;
  beforeAll(async () => {
    threaded = await openPgliteInThread(path.join(tempDir(), "db"));
    local = await PGlite.create("memory://");
    for (const client of [threaded, local]) await client.exec(SETUP);
  });
  afterAll(async () => {
    await threaded.close();
    await local.close();
  });

  it("returns every kind of value as PGlite in this thread does", async () => {
    const query = `select 1::int4 as small, 9007199254740993::int8 as big, 12.50::numeric as money, true as yes, null::text as nothing,
      '{"a":[1,2]}'::jsonb as doc, array['x','y']::text[] as tags, array[1,2]::int4[] as numbers, '\\x0102'::bytea as bytes,
      '2026-11-29 02:03:04.5+00'::timestamptz as at, $1::text as param`;
    for (const rowMode of ["object", "array"] as const) {
      const options = { rowMode, parsers: { 1184: (value: string) => value } };
      const [mine, theirs] = await Promise.all([threaded.query(query, ["hello"], options), local.query(query, ["hello"], options)]);
      expect(mine.rows).toEqual(theirs.rows);
      expect(mine.fields).toEqual(theirs.fields);
    }
    const plain = await threaded.query<{ at: Date }>("select '2026-11-29 02:03:04+00'::timestamptz as at");
    expect(plain.rows[0]!.at).toEqual(new Date("2026-11-29T02:03:04Z"));
  });

  it("refuses a parser that changes values, which cannot cross to the thread", async () => {
    await expect(threaded.query("select 1", [], { parsers: { 23: (value: string) => Number(value) * 2 } })).rejects.toThrow(/cannot run in the database thread/);
  });

  it("keeps the error's SQLSTATE and fields, bare and through Drizzle", async () => {
    await threaded.query("insert into notes values ('one', 'first', now())");
    const bare = await threaded.query("insert into notes values ('one', 'again', now())").catch((error: unknown) => error);
    expect(bare).toBeInstanceOf(Error);
    expect(bare).toMatchObject({ code: "23505", constraint: "notes_pkey", table: "notes" });
    expect(isUniqueViolation(bare)).toBe(true);
    const db = drizzle({ client: threaded as unknown as PGlite });
    const wrapped = await db
      .insert(notes)
      .values({ id: "one", body: "again", at: new Date() })
      .catch((error: unknown) => error);
    expect(isUniqueViolation(wrapped)).toBe(true);
  });

  it("commits a transaction, rolls back a failed one, and makes other statements wait for it", async () => {
    const db = drizzle({ client: threaded as unknown as PGlite });
    const at = new Date("2026-11-29T03:00:00.123Z");
    const order: string[] = [];
    let outsideRead: Promise<unknown> | undefined;
    await db.transaction(async (tx) => {
      await tx.insert(notes).values({ id: "two", body: "in a transaction", at });
      // A statement outside the transaction waits until it ends, as it does in one thread.
      outsideRead = db
        .select()
        .from(notes)
        .where(eq(notes.id, "two"))
        .then((rows) => {
          order.push(`outside saw ${rows.length}`);
        });
      await tx.execute(sql`select pg_sleep(0.05)`);
      order.push("transaction done");
    });
    await outsideRead;
    expect(order).toEqual(["transaction done", "outside saw 1"]);
    expect(await db.select().from(notes).where(eq(notes.id, "two"))).toEqual([{ id: "two", body: "in a transaction", at }]);

    const failed = await db
      .transaction(async (tx) => {
        await tx.insert(notes).values({ id: "three", body: "rolled back", at });
        await tx.transaction(async (inner) => {
          await inner.insert(notes).values({ id: "four", body: "inner", at });
        });
        throw new Error("changed my mind");
      })
      .catch((error: unknown) => error);
    expect(failed).toMatchObject({ message: "changed my mind" });
    expect(await db.select({ id: notes.id }).from(notes).orderBy(notes.id)).toEqual([{ id: "one" }, { id: "two" }]);
  });

  it("answers statements sent at once in the order they were sent", async () => {
    const values = await Promise.all(Array.from({ length: 50 }, (_, index) => threaded.query<{ n: number }>("select $1::int as n", [index])));
    expect(values.map((result) => result.rows[0]!.n)).toEqual(Array.from({ length: 50 }, (_, index) => index));
  });
});

describe("a data directory that cannot be opened", () => {
  it("rejects with PGlite's error and ends its thread", async () => {
    const notADirectory = path.join(tempDir(), "a-file");
    fs.writeFileSync(notADirectory, "not a database");
    // The process's operating-system threads (Linux): a worker thread is one of them while it runs.
    const threads = () => fs.readdirSync("/proc/self/task").length;
    const before = threads();
    await expect(openPgliteInThread(notADirectory)).rejects.toThrow();
    expect(threads()).toBe(before);
  });
});

describe("openDatabase on a data directory", () => {
  it("hears a content change before the writing statement's answer, and stops cleanly", async () => {
    const handle = await openDatabase({ kind: "pglite", dataDir: tempDir() });
    const heard: string[] = [];
    const stop = await handle.listenForContentChanges(() => heard.push("change"));
    await handle.executeSql("select pg_notify($1, 'x')", [CONTENT_CHANGED_CHANNEL]);
    expect(heard).toEqual(["change"]);
    await stop();
    await handle.close();
    await expect(handle.ping()).rejects.toThrow(/database thread stopped/);
  });
});

describe("under the scripts' loader", () => {
  it("runs queries when tsx, which keeps function names, loaded the module that embeds the statements' source", () => {
    // tsx adds __name(…) calls inside functions; the thread's program runs the embedded source.
    const script = [
      `import { openPgliteInThread } from ${JSON.stringify(path.resolve(import.meta.dirname, "pglite-thread.server.ts"))};`,
      `const db = await openPgliteInThread(${JSON.stringify(path.join(tempDir(), "db"))});`,
      `const first = await db.query("select $1::int4 + 1 as value", [41]);`,
      `const again = await db.query("select $1::int4 + 1 as value", [1]);`,
      `console.log(JSON.stringify([first.rows, again.rows]));`,
      `await db.close();`,
    ].join("\n");
    const file = path.join(tempDir(), "script.mts");
    fs.writeFileSync(file, script);
    const run = spawnSync(process.execPath, ["--import", "tsx", file], { encoding: "utf8", cwd: path.resolve(import.meta.dirname, "../../..") });
    expect(run.stderr).not.toContain("__name");
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout.trim())).toEqual([[{ value: 42 }], [{ value: 2 }]]);
  }, 60_000);
});
