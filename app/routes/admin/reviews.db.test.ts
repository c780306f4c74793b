import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { callAction, callLoader, sessionUser } from "../../../tests/support/route-harness";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import * as adminReviews from "./reviews";
import { courses, reviews, users } from "~/server/db/schema";

const database = useTestDatabase();
const admin = sessionUser({ role: "admin" });
const tag = unique("moderation");
const ids: Record<string, string> = {};

beforeAll(async () => {
  const db = database().db;
  const authors = ["Ada", "Bea", "Cal"].map((name) => ({ id: unique(name), email: `${unique(name)}@example.test`, name, role: "user" }));
  await db.insert(users).values([{ id: admin.id, email: admin.email, name: admin.name, role: "admin" }, ...authors]);
  const [course] = await db
    .insert(courses)
    .values({ title: `Course ${tag}`, slug: tag, status: "published" })
    .returning({ id: courses.id });
  const rows = await db
    .insert(reviews)
    .values(
      authors.map((author, index) => ({
        courseId: course.id,
        userId: author.id,
        authorName: author.name,
        rating: 3 + index,
        comment: `${tag} ${author.name} says ${["clear", "dense", "great"][index]}`,
        createdAt: new Date(Date.UTC(2026, 0, index + 1)),
      })),
    )
    .returning({ id: reviews.id, authorName: reviews.authorName });
  for (const row of rows) ids[row.authorName] = row.id;
});

const list = (query: string) => callLoader(adminReviews, { path: `/admin/reviews?${query}`, user: admin });
const post = (form: Record<string, string>) => callAction(adminReviews, { path: "/admin/reviews", user: admin, form });

describe("Admin → Reviews", () => {
  it("lists reviews newest first, searched by author, text or course", async () => {
    const all = await list(`q=${tag}`);
    expect(all.total).toBe(3);
    expect(all.rows.map((row) => [row.authorName, row.rating, row.hidden])).toEqual([
      ["Cal", 5, false],
      ["Bea", 4, false],
      ["Ada", 3, false],
    ]);
    expect((await list(`q=${tag}+Zed`)).rows).toEqual([]);
    expect((await list("q=says+dense")).rows.map((row) => row.authorName)).toContain("Bea");
    expect((await list(`q=Course+${tag}`)).total).toBe(3);
  });

  it("hides a review and shows it again, filtered by status, with the toast", async () => {
    expect(await post({ intent: "hide", id: ids.Bea })).toMatchObject({ data: { toast: { kind: "success", message: "Review hidden" } } });
    const [row] = await database().db.select({ hiddenAt: reviews.hiddenAt }).from(reviews).where(eq(reviews.id, ids.Bea));
    expect(row.hiddenAt).toBeInstanceOf(Date);
    expect((await list(`q=${tag}&visibility=hidden`)).rows.map((review) => review.authorName)).toEqual(["Bea"]);
    expect((await list(`q=${tag}&visibility=shown`)).rows.map((review) => review.authorName)).toEqual(["Cal", "Ada"]);
    expect(await post({ intent: "show", id: ids.Bea })).toMatchObject({ data: { toast: { message: "Review shown again" } } });
    expect((await list(`q=${tag}&visibility=hidden`)).total).toBe(0);
  });

  it("answers 404 with a message for a review that does not exist, and 400 for an unknown intent", async () => {
    expect(await post({ intent: "hide", id: "00000000-0000-4000-8000-000000000000" })).toMatchObject({
      init: { status: 404 },
      data: { toast: { kind: "error", message: "That review no longer exists." } },
    });
    expect(await post({ intent: "delete", id: ids.Ada })).toMatchObject({ init: { status: 400 } });
  });
});
