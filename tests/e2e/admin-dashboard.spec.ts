import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { loadDemoSchool } from "../../app/server/db/seed/demo-school.server";
import {
  createCourse,
  deleteCourseFromList,
  fillPost,
  openNewPost,
  signInAsAdmin,
  toast,
  uniqueTitle,
  waitForHydration,
} from "./admin-support";

const demo = loadDemoSchool();

test.beforeEach(async ({ page }) => {
  await signInAsAdmin(page);
});

const LABELS = {
  users: "Users",
  newUsers: "New users (7 days)",
  courses: "Courses",
  lessons: "Lessons",
  publishedPosts: "Published posts",
  drafts: "Drafts",
} as const;
type Counts = Record<keyof typeof LABELS, number>;

/** Every number on the dashboard's cards, read from a fresh load of /admin. */
async function readCounts(page: Page): Promise<Counts> {
  await page.goto("/admin");
  const counts = {} as Counts;
  for (const [name, label] of Object.entries(LABELS) as [keyof Counts, string][]) {
    const card = page.locator("dl > div").filter({ has: page.getByText(label, { exact: true }) });
    const text = (await card.locator("dd").textContent())?.trim() ?? "";
    expect(text, `${label} shows a number`).toMatch(/^\d+$/);
    counts[name] = Number(text);
  }
  return counts;
}

/**
 * Checks that `change` moves the watched counts by exactly `by` (and the courses and lessons not
 * at all). Other specs add and delete users and posts on the same server at the same time, so
 * an attempt whose window one of them hit is run again from `prepare`, with fresh data of its own.
 */
async function expectCountsToMove(
  page: Page,
  { by, prepare, change }: { by: Partial<Counts>; prepare?: () => Promise<void>; change: () => Promise<void> },
) {
  const watched = [...Object.keys(by), "courses", "lessons"] as (keyof Counts)[];
  await expect(async () => {
    await prepare?.();
    const before = await readCounts(page);
    await change();
    const after = await readCounts(page);
    const moved = Object.fromEntries(watched.map((name) => [name, after[name] - before[name]]));
    expect(moved).toEqual({ courses: 0, lessons: 0, ...by });
  }).toPass({ timeout: 60_000 });
}

async function signUpSomeone(request: APIRequestContext) {
  const email = `counted-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@e2e.test`;
  const response = await request.post("/api/auth/sign-up/email", {
    data: { name: "Counted Learner", email, password: "counted-password-123" },
    headers: { Origin: process.env.E2E_BASE_URL! },
  });
  expect(response.ok(), await response.text()).toBeTruthy();
}

test("the dashboard shows the counts, the newest users and posts, and the side menu", async ({ page }) => {
  const counts = await readCounts(page);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  // Other specs add and remove courses at the same time: the demo school's are the least there is.
  expect(counts.courses).toBeGreaterThanOrEqual(demo.courses.length);
  await expect(page.getByRole("list", { name: "Recent users" }).getByRole("listitem")).toHaveCount(5);
  await expect(page.getByRole("list", { name: "Recent posts" }).getByRole("listitem")).toHaveCount(5);
  // Dates as 'MMM d, yyyy HH:mm'.
  await expect(
    page
      .getByRole("list", { name: "Recent posts" })
      .getByText(/^[A-Z][a-z]{2} \d{1,2}, \d{4} \d{2}:\d{2}$/)
      .first(),
  ).toBeVisible();

  const menu = page.getByRole("navigation", { name: "Admin" });
  for (const [name, href] of [
    ["Overview", "/admin"],
    ["SQL reference", "/admin/setup-sql"],
    ["Blog", "/admin/blog"],
    ["Courses", "/admin/courses"],
    ["Users", "/admin/users"],
  ]) {
    await expect(menu.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
  }
  await expect(menu.getByRole("link", { name: "Overview" })).toHaveAttribute("aria-current", "page");
});

test("each count moves by exactly one when a user signs up, a draft is saved and then published", async ({ page, request }) => {
  test.setTimeout(120_000);

  await expectCountsToMove(page, { by: { users: 1, newUsers: 1 }, change: () => signUpSomeone(request) });

  // The editor and the list run in a second tab, so the dashboard tab only ever reads.
  const editor = await page.context().newPage();
  let title = "";
  const saveDraft = async () => {
    await editor.getByRole("button", { name: "Save as draft" }).click();
    await expect(toast(editor, "Post saved as draft successfully")).toBeVisible();
  };
  const writeDraft = async () => {
    title = uniqueTitle("Dashboard draft");
    await openNewPost(editor);
    await fillPost(editor, { title, content: "Counting on this." });
  };
  await expectCountsToMove(page, { by: { drafts: 1, publishedPosts: 0 }, prepare: writeDraft, change: saveDraft });

  await expectCountsToMove(page, {
    by: { drafts: -1, publishedPosts: 1 },
    prepare: async () => {
      await writeDraft();
      await saveDraft();
      await editor.goto(`/admin/blog?q=${encodeURIComponent(title)}`);
      await waitForHydration(editor);
    },
    change: async () => {
      await editor
        .getByRole("row")
        .filter({ hasText: title })
        .getByRole("button", { name: `Publish ${title}` })
        .click();
      await expect(toast(editor, "Post published successfully")).toBeVisible();
    },
  });
  await editor.close();

  await page.getByRole("link", { name: "Blog", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Blog posts" })).toBeVisible();
});

test("the SQL reference shows the committed schema, read-only, with copy buttons", async ({ page }) => {
  await page.goto("/admin/setup-sql");
  await expect(page.getByRole("heading", { level: 1, name: "SQL reference" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "0001_initial_schema.sql" })).toBeVisible();
  await expect(page.getByText(/CREATE TABLE "posts"/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Copy all SQL" })).toBeVisible();
  await expect(page.locator("textarea, [contenteditable=true]")).toHaveCount(0);
});

test("a new course with two lessons counts one course and two lessons more, and deleting it counts them back", async ({ page }) => {
  // Four course forms and the counts read around each: about 25 s on a loaded two-core runner.
  test.setTimeout(60_000);
  const title = uniqueTitle("Counted course");
  let created = false;
  await expectCountsToMove(page, {
    by: { courses: 1, lessons: 2 },
    prepare: async () => {
      if (created) await deleteCourseFromList(page, title);
      created = false;
    },
    change: async () => {
      await createCourse(page, { title, lessons: ["Counted lesson one", "Counted lesson two"], publish: false });
      created = true;
    },
  });
  await deleteCourseFromList(page, title);

  let victim = "";
  await expectCountsToMove(page, {
    by: { courses: -1, lessons: -2 },
    prepare: async () => {
      victim = uniqueTitle("Counted course");
      await createCourse(page, { title: victim, lessons: ["Counted lesson one", "Counted lesson two"], publish: false });
    },
    change: () => deleteCourseFromList(page, victim),
  });
});
