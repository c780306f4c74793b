import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { callAction, callLoader, sessionUser, thrownResponse } from "../../../tests/support/route-harness";
import { useTestDatabase } from "../../../tests/support/test-database";
import { catalogListUrl } from "~/lib/catalog-filters";
import { topicPlaceholder } from "~/lib/topics";
import * as topicsRoute from "~/routes/admin/topics";
import * as courseNewRoute from "~/routes/admin/course-new";
import * as catalogRoute from "~/routes/catalog/catalog";
import * as coverArtRoute from "~/routes/resources/cover-art";
import { courses, topics } from "~/server/db/schema";
import { DEFAULT_SITE_SETTINGS } from "~/lib/site-settings";
import { getSiteSettings, updateSiteSettings } from "~/server/settings/site-settings.server";
import { listCatalogCourses } from "./catalog.server";
import { listTopics } from "./topics.server";

/** Admin → Topics: the catalog's topics are the owner's rows, and the catalog and course form read them. */

const database = useTestDatabase();
const admin = sessionUser({ role: "admin" });

function unwrap(result: unknown) {
  const wrapped = result as { type?: string; data?: unknown; init?: ResponseInit | null };
  return wrapped?.type === "DataWithResponseInit" ? { status: wrapped.init?.status ?? 200, data: wrapped.data } : { status: 200, data: result };
}

const act = (form: Record<string, string>, user = admin) => callAction(topicsRoute, { path: "/admin/topics", user, form }).then(unwrap);
const topicNamed = async (name: string) => (await database().db.select().from(topics).where(eq(topics.name, name)))[0];

async function courseWith(names: string[], status: "draft" | "published" = "published") {
  const slug = `topic-course-${Math.random().toString(36).slice(2, 10)}`;
  const [course] = await database()
    .db.insert(courses)
    .values({ title: `Course ${slug}`, slug, status, topics: names, publishedAt: status === "published" ? new Date() : null })
    .returning({ id: courses.id, slug: courses.slug });
  return course!;
}

const catalogSlugs = async (query: string) =>
  (await listCatalogCourses({ filters: catalogListUrl.parse(new URLSearchParams(query)), pageSize: 100 })).courses.map((course) => course.slug);

describe("Admin → Topics", () => {
  it("starts every school with the spec's topics, in the spec's order", async () => {
    const names = (await listTopics()).map((topic) => topic.name);
    expect(names.slice(0, 5)).toEqual(["Shopify", "AI & ChatGPT", "Automation", "Fulfillment", "Lovable"]);
  });

  it("adds a topic at the end; refuses an empty, a too long, a duplicate (in any case) or a symbol-only name with the reason, storing nothing", async () => {
    const before = await database().db.select().from(topics);
    const added = await act({ intent: "create", name: "  Email Marketing  " });
    expect(added).toMatchObject({ status: 200, data: { saved: true, toast: { message: "Topic added" } } });
    const row = await topicNamed("Email Marketing");
    expect(row).toMatchObject({ slug: "email-marketing" });
    expect(row!.position).toBeGreaterThan(Math.max(...before.map((topic) => topic.position)));

    const refusals: [Record<string, string>, string, string][] = [
      [{ name: "" }, "name", "Enter the topic's name"],
      [{ name: "x".repeat(61) }, "name", "A topic's name is at most 60 characters"],
      [{ name: "email marketing" }, "name", "A topic with this name already exists"],
      [{ name: "!!!" }, "name", "Use at least one letter or digit in the name"],
      [{ name: "<b>Bold</b>" }, "name", "Leave out < and >"],
    ];
    for (const [form, field, message] of refusals) {
      const refused = await act({ intent: "create", ...form });
      expect(refused.status).toBe(400);
      expect(refused.data).toMatchObject({ errors: { [field]: [message] }, values: { name: form.name } });
    }
    expect(await database().db.select().from(topics)).toHaveLength(before.length + 1);
  });

  it("renames a topic with its slug and every course that names it, in one write", async () => {
    await act({ intent: "create", name: "No Code" });
    const topic = (await topicNamed("No Code"))!;
    const tagged = await courseWith(["Shopify", "No Code"]);
    const draft = await courseWith(["No Code"], "draft");
    const other = await courseWith(["Shopify"]);

    const renamed = await act({ intent: "rename", id: topic.id, name: "No-Code Apps" });
    expect(renamed).toMatchObject({ status: 200, data: { toast: { message: "Topic renamed" } } });
    const rows = await database()
      .db.select({ id: courses.id, topics: courses.topics })
      .from(courses)
      .where(inArray(courses.id, [tagged.id, draft.id, other.id]));
    const topicsOf = (id: string) => rows.find((row) => row.id === id)!.topics;
    expect(topicsOf(tagged.id)).toEqual(["Shopify", "No-Code Apps"]);
    expect(topicsOf(draft.id)).toEqual(["No-Code Apps"]);
    expect(topicsOf(other.id)).toEqual(["Shopify"]);

    // The catalog follows: the new slug finds the course, the old one finds nothing.
    expect(await catalogSlugs("topic=no-code-apps")).toEqual([tagged.slug]);
    expect(await catalogSlugs("topic=no-code")).toEqual([]);

    const clash = await act({ intent: "rename", id: topic.id, name: "shopify" });
    expect(clash).toMatchObject({ status: 400, data: { errors: { name: ["A topic with this name already exists"] } } });
    expect((await topicNamed("No-Code Apps"))?.slug).toBe("no-code-apps");
  });

  it("moves a topic up and down; the catalog's pills and the course form follow the order", async () => {
    const [first, second] = await listTopics();
    await act({ intent: "move", id: second!.id, direction: "up" });
    const after = await listTopics();
    expect(after.slice(0, 2).map((topic) => topic.id)).toEqual([second!.id, first!.id]);

    // Already at the top: nothing moves.
    await act({ intent: "move", id: second!.id, direction: "up" });
    expect((await listTopics())[0]!.id).toBe(second!.id);

    const catalog = unwrap(await callLoader(catalogRoute, { path: "/courses" })).data as { topics: { name: string }[] };
    expect(catalog.topics.slice(0, 2).map((topic) => topic.name)).toEqual([second!.name, first!.name]);
    const form = unwrap(await callLoader(courseNewRoute, { path: "/admin/courses/new", user: admin })).data as { topics: { name: string }[] };
    expect(form.topics.slice(0, 2).map((topic) => topic.name)).toEqual([second!.name, first!.name]);
    await act({ intent: "move", id: second!.id, direction: "down" });
    expect((await listTopics()).slice(0, 2).map((topic) => topic.id)).toEqual([first!.id, second!.id]);
  });

  it("refuses to delete a topic a course (even a draft) uses, with how many; deletes an unused one", async () => {
    await act({ intent: "create", name: "Podcasting" });
    const topic = (await topicNamed("Podcasting"))!;
    const draft = await courseWith(["Podcasting"], "draft");
    const refused = await act({ intent: "delete", id: topic.id });
    expect(refused).toMatchObject({
      status: 409,
      data: { toast: { message: "This topic is used by 1 course: untick it on those courses first, then delete it." } },
    });
    expect(await topicNamed("Podcasting")).toBeDefined();

    await database().db.update(courses).set({ topics: [] }).where(eq(courses.id, draft.id));
    const deleted = await act({ intent: "delete", id: topic.id });
    expect(deleted).toMatchObject({ status: 200, data: { toast: { message: "Topic deleted" } } });
    expect(await topicNamed("Podcasting")).toBeUndefined();
    expect((await act({ intent: "delete", id: topic.id })).status).toBe(404);
  });

  it("lists topics with their course counts, searched by name", async () => {
    await act({ intent: "create", name: "Copywriting" });
    await courseWith(["Copywriting"]);
    await courseWith(["Copywriting"], "draft");
    const listed = unwrap(await callLoader(topicsRoute, { path: "/admin/topics?q=copy", user: admin })).data as {
      rows: { name: string; courseCount: number }[];
      total: number;
    };
    expect(listed.rows).toEqual([expect.objectContaining({ name: "Copywriting", courseCount: 2 })]);
    expect(listed.total).toBe(1);
  });

  it("refuses learners and visitors, on the page and its action", async () => {
    for (const user of [sessionUser(), undefined]) {
      const refused = await thrownResponse(callAction(topicsRoute, { path: "/admin/topics", user, form: { intent: "create", name: "Sneaky" } }));
      expect([302, 403]).toContain(refused.status);
    }
    expect(await topicNamed("Sneaky")).toBeUndefined();
  });

  it("refuses a course save ticking a topic the owner renamed or deleted, keeping what was typed", async () => {
    const saved = await callAction(courseNewRoute, {
      path: "/admin/courses/new",
      user: admin,
      form: { intent: "draft", title: "Topic check", slug: "topic-check", shortDescription: "Short", price: "0", "topics.gone": "Gone topic" },
    }).then(unwrap);
    expect(saved.status).toBe(400);
    expect(saved.data).toMatchObject({
      errors: { topics: ["A topic was renamed or deleted since this page was opened. Tick the topics again."] },
      values: { title: "Topic check", topics: ["Gone topic"] },
    });
    expect(await database().db.select().from(courses).where(eq(courses.slug, "topic-check"))).toHaveLength(0);
  });
});

describe("placeholder art", () => {
  it("draws the school's name and brand colour, with the topic escaped", async () => {
    await updateSiteSettings({ input: { ...DEFAULT_SITE_SETTINGS, schoolName: "Ana's <Bakery> School", brandColor: "#0f766e" }, actorId: null });
    const path = topicPlaceholder("Cakes & <Pies>");
    expect(path).toBe("/art/cover.svg?topic=Cakes%20%26%20%3CPies%3E");
    const response = (await callLoader(coverArtRoute, { path })) as Response;
    expect(response.headers.get("Content-Type")).toBe("image/svg+xml; charset=utf-8");
    const svg = await response.text();
    expect(svg).toContain("Cakes &amp; &lt;Pies&gt;");
    expect(svg).toContain("Ana&apos;s &lt;Bakery&gt; School");
    expect(svg).toContain('stop-color="#0f766e"');
    expect(svg).not.toContain("<Pies>");
    expect(svg).not.toContain("Launchpad");
  });

  it("titles the art with the school's name when there is no topic", async () => {
    expect(topicPlaceholder(undefined)).toBe("/art/cover.svg");
    const svg = await ((await callLoader(coverArtRoute, { path: "/art/cover.svg" })) as Response).text();
    const { schoolName } = await getSiteSettings();
    expect(svg).toContain(`>${schoolName.replace("'", "&apos;").replace("<", "&lt;").replace(">", "&gt;")}</text>`);
  });
});
