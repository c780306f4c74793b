import { and, eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mailsTo } from "../../../tests/support/payments";
import { callAction, callLoader, sessionUser } from "../../../tests/support/route-harness";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import { USER_IMPORT_MAX_BYTES, USER_IMPORT_MESSAGES, type UserImportColumns } from "~/lib/user-import";
import * as importRoute from "~/routes/admin/user-import";
import { accessEvents, courses, enrollments, subscriptions, users } from "~/server/db/schema";
import {
  decodeUserImportFile,
  importUsers,
  planUserImport,
  storeUserImportUpload,
  UserImportFileError,
  UserImportRefusedError,
} from "./import-users.server";

/** Issue 43, the CSV import of learners: dry run, one transaction, idempotent, audited, and every bad file refused clearly. */

const database = useTestDatabase();
const COLUMNS: UserImportColumns = { email: 0, name: 1, courses: 2, memberUntil: 3 };
const encode = (text: string) => new TextEncoder().encode(text);

async function school() {
  const db = database().db;
  const tag = unique("imp");
  const admin = sessionUser({ role: "admin" });
  await db.insert(users).values({ id: admin.id, email: admin.email, name: "Admin", role: "admin" });
  const [sql1, sql2] = await db
    .insert(courses)
    .values([
      { title: `SQL one ${tag}`, slug: `sql-one-${tag}`, status: "published" },
      { title: `SQL two ${tag}`, slug: `sql-two-${tag}`, status: "published" },
    ])
    .returning({ id: courses.id, slug: courses.slug });
  const existing = { id: unique("existing"), email: `${unique("existing")}@example.test` };
  await db.insert(users).values({ id: existing.id, email: existing.email, name: "Kept Name", role: "user" });
  await db.insert(enrollments).values({ userId: existing.id, courseId: sql1!.id, source: "purchase" });
  return { tag, admin, sql1: sql1!, sql2: sql2!, existing };
}

const countEvents = async (actorId: string) =>
  (await database().db.select().from(accessEvents).where(eq(accessEvents.actorId, actorId))).length;

describe("Import learners from CSV", () => {
  it("dry run, then one import: creates, updates, audits; the same file again changes nothing", async () => {
    const { tag, admin, sql1, sql2, existing } = await school();
    const ann = `ann-${tag}@example.test`;
    const text = [
      "email,name,courses,member_until",
      `${ann.toUpperCase()},Ann Lee,${sql1.slug}|${sql2.slug},2099-12-31`,
      `${existing.email},Another Name,${sql1.slug} ${sql2.slug},`,
      `${existing.email.replace("@", "+x@")},,,`,
    ].join("\r\n");

    const plan = await planUserImport({ text, columns: COLUMNS });
    expect(plan.counts).toEqual({ create: 2, update: 1, unchanged: 0, refuse: 0 });
    expect(plan.rows.map((row) => [row.line, row.action])).toEqual([
      [2, "create"],
      [3, "update"],
      [4, "create"],
    ]);
    expect(plan.rows[1]!.notes).toEqual([expect.stringContaining("SQL two")]);
    // The dry run wrote nothing.
    expect(await database().db.select().from(users).where(eq(users.email, ann))).toEqual([]);

    expect(await importUsers({ text, columns: COLUMNS, fileName: "learners.csv", actor: admin, sendWelcome: false })).toEqual({
      created: 2,
      updated: 1,
      unchanged: 0,
    });
    const db = database().db;
    const [created] = await db.select().from(users).where(eq(users.email, ann));
    expect(created).toMatchObject({ name: "Ann Lee", role: "user", emailVerified: false });
    const annCourses = await db
      .select()
      .from(enrollments)
      .where(and(eq(enrollments.userId, created!.id), eq(enrollments.status, "active")));
    expect(annCourses.map((row) => row.courseId).sort()).toEqual([sql1.id, sql2.id].sort());
    const [membership] = await db.select().from(subscriptions).where(eq(subscriptions.userId, created!.id));
    expect(membership).toMatchObject({ status: "active", cancelAtPeriodEnd: true });
    expect(membership!.currentPeriodEnd.toISOString()).toBe("2099-12-31T23:59:59.000Z");
    const [kept] = await db.select().from(users).where(eq(users.id, existing.id));
    expect(kept!.name).toBe("Kept Name");
    const existingCourses = await db.select().from(enrollments).where(eq(enrollments.userId, existing.id));
    expect(existingCourses.map((row) => [row.courseId, row.source]).sort()).toEqual(
      [
        [sql1.id, "purchase"],
        [sql2.id, "admin"],
      ].sort(),
    );
    const trail = await db.select().from(accessEvents).where(eq(accessEvents.actorId, admin.id));
    expect(trail.filter((event) => event.type === "grant")).toHaveLength(3);
    expect(trail.filter((event) => event.type === "membership_started")).toHaveLength(1);
    const [summary] = trail.filter((event) => event.type === "users_imported");
    expect(summary!.note).toBe("learners.csv: Imported: 2 created, 1 updated, 0 unchanged");

    // Again: the plan says unchanged, and nothing is written, not even an audit row.
    const eventsBefore = await countEvents(admin.id);
    const usersBefore = await db.$count(users);
    expect((await planUserImport({ text, columns: COLUMNS })).counts).toEqual({ create: 0, update: 0, unchanged: 3, refuse: 0 });
    expect(await importUsers({ text, columns: COLUMNS, fileName: "learners.csv", actor: admin, sendWelcome: false })).toEqual({
      created: 0,
      updated: 0,
      unchanged: 3,
    });
    expect(await countEvents(admin.id)).toBe(eventsBefore);
    expect(await db.$count(users)).toBe(usersBefore);
    expect(await db.$count(subscriptions, eq(subscriptions.userId, created!.id))).toBe(1);
  });

  it("sends each new learner a welcome e-mail with a set-password link, when asked", async () => {
    const { tag, admin, sql1 } = await school();
    const bea = `bea-${tag}@example.test`;
    await importUsers({
      text: `email,name,courses\n${bea},Bea,${sql1.slug}\n`,
      columns: { ...COLUMNS, memberUntil: null },
      fileName: "f.csv",
      actor: admin,
      sendWelcome: true,
    });
    const mails = await mailsTo(bea);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain("Welcome, Bea!");
    expect(mails[0]).toMatch(/\/reset-password\/new\?token=[\w-]+/);
  });

  it("refuses a file with any bad row, naming each row and its reason, and writes nothing", async () => {
    const { tag, admin, sql1 } = await school();
    const good = `good-${tag}@example.test`;
    const text = [
      "email,name,courses,member_until",
      `${good},"Good
Person",${sql1.slug},`,
      `not-an-address,Bad,,`,
      `${good.toUpperCase()},Twice,,`,
      `c-${tag}@example.test,Course,no-such-course|${sql1.slug},`,
      `d-${tag}@example.test,Date,,31/12/2099`,
      `e-${tag}@example.test,Past,,2001-01-01`,
    ].join("\n");
    const plan = await planUserImport({ text, columns: COLUMNS });
    // A quoted line break stays in its cell, and the next row keeps its own line number.
    expect(plan.rows[0]).toMatchObject({ line: 2, action: "create", name: "Good Person" });
    expect(plan.rows.filter((row) => row.action === "refuse").map((row) => [row.line, row.notes])).toEqual([
      [4, [USER_IMPORT_MESSAGES.badEmail("not-an-address")]],
      [5, [USER_IMPORT_MESSAGES.duplicate(good, 2)]],
      [6, [USER_IMPORT_MESSAGES.unknownCourses(["no-such-course"])]],
      [7, [USER_IMPORT_MESSAGES.badDate("31/12/2099")]],
      [8, [USER_IMPORT_MESSAGES.pastDate("2001-01-01")]],
    ]);
    const usersBefore = await database().db.$count(users);
    await expect(importUsers({ text, columns: COLUMNS, fileName: "bad.csv", actor: admin, sendWelcome: true })).rejects.toBeInstanceOf(
      UserImportRefusedError,
    );
    expect(await database().db.$count(users)).toBe(usersBefore);
    expect(await database().db.select().from(users).where(eq(users.email, good))).toEqual([]);
    expect(await countEvents(admin.id)).toBe(0);
  });

  it("refuses files it cannot read, each with its message; a BOM is fine", async () => {
    const refusal = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        if (error instanceof UserImportFileError) return error.message;
        throw error;
      }
      return null;
    };
    expect(refusal(() => decodeUserImportFile(new Uint8Array([0x65, 0x6d, 0xff, 0xfe, 0x0a])))).toBe(USER_IMPORT_MESSAGES.notUtf8);
    expect(refusal(() => decodeUserImportFile(new Uint8Array(USER_IMPORT_MAX_BYTES + 1)))).toBe(USER_IMPORT_MESSAGES.fileTooLarge);
    expect(decodeUserImportFile(encode("\uFEFFemail\nann@example.test\n"))).toBe("email\nann@example.test\n");
    await expect(storeUserImportUpload(encode("email;name\nann@example.test;Ann\n"))).rejects.toThrow(USER_IMPORT_MESSAGES.semicolons);
    await expect(storeUserImportUpload(encode('email,name\nann@example.test,"Ann\n'))).rejects.toThrow(
      USER_IMPORT_MESSAGES.unclosedQuote(2),
    );
    await expect(storeUserImportUpload(encode("email,name\n"))).rejects.toThrow(USER_IMPORT_MESSAGES.noRows);
    // A BOM from a spreadsheet: the first column is still "email".
    const plan = await planUserImport({
      text: decodeUserImportFile(encode("\uFEFFemail\nbom@example.test\n")),
      columns: { email: 0, name: null, courses: null, memberUntil: null },
    });
    expect(plan.header).toEqual(["email"]);
    expect(plan.rows[0]).toMatchObject({ email: "bom@example.test", action: "create" });
  });

  it("works through the page: upload, the guessed columns, the dry run, the import", async () => {
    const { tag, admin, sql1 } = await school();
    const cy = `cy-${tag}@example.test`;
    const file = new File([`E-mail,Full name,Courses\n${cy},Cy,${sql1.slug}\n`], "people.csv", { type: "text/csv" });
    const uploaded = (await callAction(importRoute, {
      path: "/admin/users/import",
      user: admin,
      form: { intent: "upload", file },
    })) as Response;
    expect(uploaded.status).toBe(302);
    const location = uploaded.headers.get("Location")!;
    const mapping = await callLoader(importRoute, { path: location, user: admin });
    expect(mapping).toMatchObject({ step: "map", rowCount: 1, columns: { email: 0, name: 1, courses: 2, memberUntil: null } });
    const dryRun = await callLoader(importRoute, { path: `${location}&email=0&name=1&courses=2&memberUntil=`, user: admin });
    expect(dryRun).toMatchObject({ step: "dry-run", counts: { create: 1, update: 0, unchanged: 0, refuse: 0 } });
    const uploadId = new URL(location, "http://x").searchParams.get("upload")!;
    const imported = (await callAction(importRoute, {
      path: `${location}&email=0&name=1&courses=2&memberUntil=`,
      user: admin,
      form: { intent: "import", uploadId, email: "0", name: "1", courses: "2", memberUntil: "" },
    })) as Response;
    expect(imported.status).toBe(302);
    expect(imported.headers.get("Location")).toBe("/admin/users");
    expect(await database().db.select({ name: users.name }).from(users).where(eq(users.email, cy))).toEqual([{ name: "Cy" }]);
    const notUtf8 = new File([new Uint8Array([0x65, 0xff, 0x0a])], "latin1.csv", { type: "text/csv" });
    const refused = (await callAction(importRoute, {
      path: "/admin/users/import",
      user: admin,
      form: { intent: "upload", file: notUtf8 },
    })) as unknown as {
      data: { error: string };
      init: { status: number };
    };
    expect(refused.init.status).toBe(422);
    expect(refused.data.error).toBe(USER_IMPORT_MESSAGES.notUtf8);
  });

  it("imports 10,000 learners in one transaction (the time is printed, not asserted)", async () => {
    const { tag, admin, sql1, sql2 } = await school();
    const lines = ["email,name,courses,member_until"];
    for (let index = 0; index < 10_000; index += 1)
      lines.push(`bulk${index}-${tag}@example.test,Learner ${index},${sql1.slug}|${sql2.slug},2099-06-30`);
    const text = lines.join("\n");
    const started = performance.now();
    const result = await importUsers({ text, columns: COLUMNS, fileName: "bulk.csv", actor: admin, sendWelcome: false });
    const seconds = (performance.now() - started) / 1000;
    console.info(`[bench] 10,000 learners (20,000 grants, 10,000 memberships) imported in ${seconds.toFixed(1)} s`);
    expect(result).toEqual({ created: 10_000, updated: 0, unchanged: 0 });
    const ids = database()
      .db.select({ id: users.id })
      .from(users)
      .where(sql`${users.email} like ${`bulk%-${tag}@example.test`}`);
    expect(await database().db.$count(enrollments, inArray(enrollments.userId, ids))).toBe(20_000);
    const again = performance.now();
    expect((await importUsers({ text, columns: COLUMNS, fileName: "bulk.csv", actor: admin, sendWelcome: false })).unchanged).toBe(10_000);
    console.info(`[bench] the same 10,000 again (nothing to change) in ${((performance.now() - again) / 1000).toFixed(1)} s`);
  }, 300_000);
});
