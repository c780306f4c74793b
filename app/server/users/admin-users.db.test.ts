import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import { courses, users } from "~/server/db/schema";
import { grantCourseAccess, revokeCourseAccess } from "~/server/access/course-access.server";
import { exportUsersCsv, getAdminUser, listAdminUsers } from "./admin-users.server";

const database = useTestDatabase();

// One tag per run, in every name and email below, so each search sees only this file's people.
const tag = unique("zq").replace(/-/g, "");
const day = (n: number) => new Date(Date.UTC(2025, 0, n, 12));

const people = [
  { key: "ann", email: `ann.lee+${tag}@example.test`, name: `Ann Lee ${tag}`, role: "user", createdAt: day(1), lastSeenAt: day(20) },
  {
    key: "bob",
    email: `BOB_${tag}@Example.test`.toLowerCase(),
    name: `Bob 100% Real ${tag}`,
    role: "admin",
    createdAt: day(2),
    lastSeenAt: null,
  },
  { key: "cy", email: `cy.o'neil+${tag}@example.test`, name: `Cy O'Neil ${tag}`, role: "", createdAt: day(3), lastSeenAt: day(25) },
  {
    key: "dee",
    email: `dee+${tag}@example.test`,
    name: `Dee "DJ" Back\\slash ${tag}`,
    role: "super_admin",
    createdAt: day(4),
    lastSeenAt: day(10),
  },
  {
    key: "eve",
    email: `eve+${tag}@example.test`,
    name: `=HYPERLINK("http://evil.example") ${tag}`,
    role: "user",
    createdAt: day(5),
    lastSeenAt: null,
  },
  {
    key: "fay",
    email: `fay+${tag}@example.test`,
    name: `${"Long ".repeat(60)}${tag}`,
    role: "user",
    createdAt: day(6),
    lastSeenAt: day(1),
  },
] as const;
type Key = (typeof people)[number]["key"];
const ids = Object.fromEntries(people.map((person) => [person.key, `${person.key}-${tag}`])) as Record<Key, string>;
const keyOf = new Map(people.map((person) => [ids[person.key], person.key]));

/** The keys of this file's people found by a search, in the order the list gives them. */
async function found(args: Parameters<typeof listAdminUsers>[0]) {
  const result = await listAdminUsers({ pageSize: 100, ...args });
  return result.users.map((user) => keyOf.get(user.id)).filter(Boolean);
}

let courseA = "";
let courseB = "";

beforeAll(async () => {
  const db = database().db;
  await db.insert(users).values(people.map(({ key, ...person }) => ({ ...person, id: ids[key], emailVerified: true })));
  const inserted = await db
    .insert(courses)
    .values([
      { title: `Zeta, the "sequel" ${tag}`, slug: unique("zeta"), status: "published" },
      { title: `Alpha ${tag}`, slug: unique("alpha"), status: "published" },
    ])
    .returning({ id: courses.id });
  [courseA, courseB] = inserted.map((course) => course.id);
  await grantCourseAccess({ userId: ids.ann, courseId: courseA, actorId: null, source: "admin" });
  await grantCourseAccess({ userId: ids.ann, courseId: courseB, actorId: null, source: "purchase" });
  await grantCourseAccess({ userId: ids.bob, courseId: courseA, actorId: null, source: "admin" });
  await revokeCourseAccess({ userId: ids.bob, courseId: courseA, actorId: null });
});

describe("searching the users list", () => {
  it("matches email or name anywhere, in any case", async () => {
    expect(await found({ query: tag })).toHaveLength(people.length);
    expect(await found({ query: `ANN.LEE+${tag.toUpperCase()}` })).toEqual(["ann"]);
    expect(await found({ query: `bob 100% real ${tag}` })).toEqual(["bob"]);
    expect(await found({ query: `  o'neil+${tag}  ` })).toEqual(["cy"]);
  });

  it("takes % and _ literally, not as wildcards", async () => {
    // "100%" is only in Bob's name; as a wildcard "%" would match everyone.
    expect(await found({ query: `100% Real ${tag}` })).toEqual(["bob"]);
    expect(await found({ query: `% ${tag}` })).toEqual([]);
    expect(await found({ query: `bob_${tag}` })).toEqual(["bob"]);
    // "_" would match any one character: "ann.lee" has "." where this has "_".
    expect(await found({ query: `ann_lee+${tag}` })).toEqual([]);
  });

  it("handles quotes and backslashes as text", async () => {
    expect(await found({ query: `O'Neil ${tag}` })).toEqual(["cy"]);
    expect(await found({ query: `"DJ" Back\\slash ${tag}` })).toEqual(["dee"]);
    expect(await found({ query: `\\` })).toEqual(["dee"]);
    expect(await found({ query: `'; drop table users; --` })).toEqual([]);
    expect(await found({ query: `=HYPERLINK("http://evil.example") ${tag}` })).toEqual(["eve"]);
  });

  it("answers a very long search without an error: cut to 200 characters, then matched", async () => {
    // Fay's name is 300 characters before the tag; its first 200 are still a match.
    expect(await found({ query: people[5].name })).toEqual(["fay"]);
    expect(await found({ query: `${tag}${"x".repeat(10_000)}` })).toEqual([]);
  });

  it("filters by role, an empty role counting as user", async () => {
    const search = { query: tag, sort: "created" as const, dir: "asc" as const };
    expect(await found({ ...search, role: "user" })).toEqual(["ann", "cy", "eve", "fay"]);
    expect(await found({ ...search, role: "admin" })).toEqual(["bob"]);
    expect(await found({ ...search, role: "super_admin" })).toEqual(["dee"]);
  });
});

describe("sorting and paging", () => {
  it("sorts by each column both ways", async () => {
    const sorted = (sort: Parameters<typeof listAdminUsers>[0]["sort"], dir: "asc" | "desc") => found({ query: tag, sort, dir });
    expect(await sorted("created", "desc")).toEqual(["fay", "eve", "dee", "cy", "bob", "ann"]);
    expect(await sorted("created", "asc")).toEqual(["ann", "bob", "cy", "dee", "eve", "fay"]);
    expect(await sorted("email", "asc")).toEqual(["ann", "bob", "cy", "dee", "eve", "fay"]);
    expect(await sorted("email", "desc")).toEqual(["fay", "eve", "dee", "cy", "bob", "ann"]);
    // Where "=" sorts depends on the database's collation, so Eve is left out here.
    expect((await sorted("name", "asc")).filter((key) => key !== "eve")).toEqual(["ann", "bob", "cy", "dee", "fay"]);
    expect((await sorted("name", "desc")).filter((key) => key !== "eve")).toEqual(["fay", "dee", "cy", "bob", "ann"]);
    expect(await sorted("role", "asc")).toEqual(["bob", "dee", "fay", "eve", "cy", "ann"]); // admin, super_admin, user (newest first within)
  });

  it("puts people who never signed in last when sorted by last seen, newest first", async () => {
    const order = await found({ query: tag, sort: "last-seen", dir: "desc" });
    expect(order.slice(0, 4)).toEqual(["cy", "ann", "dee", "fay"]);
    expect(order.slice(4).toSorted()).toEqual(["bob", "eve"]);
    const oldestFirst = await found({ query: tag, sort: "last-seen", dir: "asc" });
    expect(oldestFirst.slice(0, 2).toSorted()).toEqual(["bob", "eve"]);
    expect(oldestFirst.slice(2)).toEqual(["fay", "dee", "ann", "cy"]);
  });

  it("pages through the list with a total, each person once; a page past the end shows the last", async () => {
    const pages = [];
    for (const page of [1, 2, 3]) pages.push(await listAdminUsers({ query: tag, pageSize: 2, page, sort: "name", dir: "asc" }));
    expect(pages.map((page) => [page.page, page.pageCount, page.total, page.users.length])).toEqual([
      [1, 3, 6, 2],
      [2, 3, 6, 2],
      [3, 3, 6, 2],
    ]);
    expect(new Set(pages.flatMap((page) => page.users.map((user) => user.id))).size).toBe(6);
    expect((await listAdminUsers({ query: tag, pageSize: 2, page: 99 })).page).toBe(3);
    expect((await listAdminUsers({ query: `${tag}-nobody` })).users).toEqual([]);
  });

  it("selects only the list's columns, with the role normalized", async () => {
    const { users: rows } = await listAdminUsers({ query: `o'neil+${tag}` });
    expect(rows).toEqual([
      { id: ids.cy, email: people[2].email, name: people[2].name, role: "user", createdAt: day(3), lastSeenAt: day(25) },
    ]);
  });
});

describe("one user's details", () => {
  it("reads the person, or null", async () => {
    expect(await getAdminUser({ userId: ids.dee })).toMatchObject({ email: people[3].email, role: "super_admin", lastSeenAt: day(10) });
    expect(await getAdminUser({ userId: "nobody" })).toBeNull();
  });
});

/** The whole export as text, and the pieces it came in. */
async function exportText(args: Parameters<typeof exportUsersCsv>[0]) {
  const pieces: string[] = [];
  for await (const piece of exportUsersCsv(args)) pieces.push(piece);
  return { text: pieces.join(""), pieces };
}

describe("the CSV export", () => {
  it("has a header and one escaped row per person, oldest member first, with their active courses", async () => {
    const { text } = await exportText({ query: tag });
    const lines = text.split("\r\n");
    expect(lines[0]).toBe("email,name,role,member_since,last_seen,active_courses");
    expect(lines.at(-1)).toBe("");
    expect(lines).toHaveLength(people.length + 2);
    expect(lines[1]).toBe(
      `${people[0].email},${people[0].name},user,2025-01-01T12:00:00.000Z,2025-01-20T12:00:00.000Z,"Alpha ${tag}; Zeta, the ""sequel"" ${tag}"`,
    );
    // Bob's access was revoked: no active courses. Never signed in: empty.
    expect(lines[2]).toBe(`${people[1].email},${people[1].name},admin,2025-01-02T12:00:00.000Z,,`);
    expect(lines[3]).toBe(`${people[2].email},${people[2].name},user,2025-01-03T12:00:00.000Z,2025-01-25T12:00:00.000Z,`);
    expect(lines[4]).toBe(
      `${people[3].email},"Dee ""DJ"" Back\\slash ${tag}",super_admin,2025-01-04T12:00:00.000Z,2025-01-10T12:00:00.000Z,`,
    );
    // A formula stays text.
    expect(lines[5]).toBe(`${people[4].email},"'=HYPERLINK(""http://evil.example"") ${tag}",user,2025-01-05T12:00:00.000Z,,`);
  });

  it("reads in batches, each person once, whatever the batch size", async () => {
    const whole = await exportText({ query: tag });
    for (const batchSize of [1, 2, 4, 6]) {
      const batched = await exportText({ query: tag, batchSize });
      expect(batched.text).toBe(whole.text);
      // The header, then ceil(6 / batchSize) batches.
      expect(batched.pieces).toHaveLength(1 + Math.ceil(people.length / batchSize));
    }
  });

  it("exports the list as filtered", async () => {
    const { text } = await exportText({ query: tag, role: "admin" });
    expect(text.split("\r\n").filter(Boolean)).toHaveLength(2);
    expect(text).toContain(people[1].email);
    expect((await exportText({ query: `${tag}-nobody` })).text).toBe("email,name,role,member_since,last_seen,active_courses\r\n");
  });

  it("keeps people who share a sign-up instant, microseconds apart (keyset on the database's own timestamp)", async () => {
    const twin = unique("twin").replace(/-/g, "");
    const at = "2025-02-01 10:00:00.123456+00";
    const db = database().db;
    for (const [index, suffix] of ["a", "b", "c"].entries()) {
      await db
        .insert(users)
        .values({
          id: `${twin}-${suffix}`,
          email: `${suffix}-${twin}@example.test`,
          name: twin,
          emailVerified: true,
          createdAt: sql`${at}::timestamptz + ${`${index} microseconds`}::interval`,
        });
    }
    const { text } = await exportText({ query: twin, batchSize: 1 });
    expect(
      text
        .split("\r\n")
        .filter(Boolean)
        .slice(1)
        .map((line) => line.split(",")[0]),
    ).toEqual(["a", "b", "c"].map((suffix) => `${suffix}-${twin}@example.test`));
  });
});
