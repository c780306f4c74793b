import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer } from "../../../tests/support/app-server";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import { PAGE_SECTION_KINDS, type PageSectionKind } from "~/lib/domain-values";
import { DEFAULT_COMPARISON_ROWS, readSectionForm, SECTION_SCHEMAS } from "~/lib/page-sections";
import { pages, pageSections } from "~/server/db/schema";
import { seedDemoContent } from "~/server/db/seed/seed.server";
import { preparePageSections, readBuiltInPage } from "./page-view.server";
import { membershipOffer } from "~/lib/site-settings";
import { getSiteSettings } from "~/server/settings/site-settings.server";
import {
  addSection,
  createPage,
  deletePage,
  deleteSection,
  ensureBuiltInPages,
  getPageForEditing,
  getPublishedPage,
  listNavigationPages,
  moveSection,
  PageError,
  publishPage,
  setSectionHidden,
  updateSection,
} from "./pages.server";

const database = useTestDatabase();

// The demo school first, as a fresh site has it (its home page among its pages).
beforeAll(async () => {
  await seedDemoContent(database().db);
});

/** A valid content of each kind, and the text its rendered view must carry. */
const VALID: Record<PageSectionKind, { content: Record<string, unknown>; shows: string }> = {
  hero: { content: { headline: "Hero headline", primaryLabel: "Go", primaryHref: "/courses" }, shows: "Hero headline" },
  featured_courses: { content: { title: "Our courses", limit: 2 }, shows: "Our courses" },
  figures: { content: { items: [{ value: "42", label: "answers" }] }, shows: "answers" },
  benefits: { content: { title: "Why us", items: [{ icon: "rocket", title: "Fast", text: "Quick to start" }] }, shows: "Quick to start" },
  testimonials: { content: { title: "Kind words", limit: 2 }, shows: "Kind words" },
  instructor: { content: { eyebrow: "Your teacher" }, shows: "Your teacher" },
  pricing: { content: { title: "Plans", intro: "From {monthly price} a month" }, shows: "From $" },
  faq: {
    content: { title: "Questions", items: [{ question: "Why?", answer: "Because." }], noteMd: "Ask **us**" },
    shows: "<strong>us</strong>",
  },
  call_to_action: { content: { title: "Join now", buttonLabel: "Sign up", buttonHref: "https://example.com/join" }, shows: "Join now" },
  rich_text: { content: { markdown: "Hello <script>alert(1)</script> **world**" }, shows: "<strong>world</strong>" },
  image_text: {
    content: { imageUrl: "/images/demo/instructor.webp", title: "Side by side", textMd: "Some *text*" },
    shows: "<em>text</em>",
  },
};

async function newPage() {
  const slug = unique("page");
  const { id } = await createPage({ slug, title: "A page", description: "About it", inHeader: true, inFooter: false });
  return { id, slug };
}

const storedSections = (pageId: string, copy: "draft" | "published") =>
  database()
    .db.select()
    .from(pageSections)
    .where(and(eq(pageSections.pageId, pageId), eq(pageSections.copy, copy)));

describe("section kinds", () => {
  it("declares a schema for every kind", () => {
    expect(Object.keys(SECTION_SCHEMAS).sort()).toEqual([...PAGE_SECTION_KINDS].sort());
  });

  for (const kind of PAGE_SECTION_KINDS) {
    it(`${kind}: saved, published and rendered; refused whole when a required field is empty`, async () => {
      const { id, slug } = await newPage();
      await addSection({ pageId: id, kind, content: VALID[kind].content });
      await publishPage({ pageId: id });
      const published = await getPublishedPage({ slug });
      expect(published?.sections.map((section) => section.kind)).toEqual([kind]);
      const view = await preparePageSections(published!.sections);
      expect(JSON.stringify(view)).toContain(VALID[kind].shows.replace(/"/g, '\\"'));
      const html = view.map((section) => ("html" in section ? section.html : "noteHtml" in section ? section.noteHtml : "")).join("");
      expect(html).not.toContain("<script");

      const emptied = Object.fromEntries(Object.keys(VALID[kind].content).map((key) => [key, key === "items" ? [] : ""]));
      const refused = SECTION_SCHEMAS[kind].safeParse(emptied);
      if (!refused.success) {
        await expect(addSection({ pageId: id, kind, content: emptied })).rejects.toThrow(PageError);
        expect(await storedSections(id, "draft")).toHaveLength(1);
      }
    });
  }

  it("refuses a javascript: link, a picture that is not one and a button without its link, with the reason", () => {
    const hero = SECTION_SCHEMAS.hero.safeParse({ headline: "Hi", primaryLabel: "Click", primaryHref: "javascript:alert(1)" });
    expect(hero.success).toBe(false);
    expect(hero.error?.issues[0]).toMatchObject({ path: ["primaryHref"], message: expect.stringContaining("must start with /") });
    const image = SECTION_SCHEMAS.hero.safeParse({ headline: "Hi", imageUrl: "https://example.com/file.pdf" });
    expect(image.error?.issues[0]).toMatchObject({ path: ["imageUrl"], message: expect.stringContaining("must be a picture") });
    const pair = SECTION_SCHEMAS.hero.safeParse({ headline: "Hi", secondaryLabel: "Alone" });
    expect(pair.error?.issues[0]).toMatchObject({ path: ["secondaryHref"], message: "A button needs both its label and its link" });
    for (const href of ["//evil.example", "data:text/html,x", " javascript:alert(1)", "JAVASCRIPT:alert(1)", "http:/x"]) {
      expect(SECTION_SCHEMAS.call_to_action.safeParse({ title: "T", buttonLabel: "B", buttonHref: href }).success, href).toBe(false);
    }
  });

  it("reads a submitted form into content: list rows by index, empty rows dropped, checkboxes as booleans", () => {
    const content = readSectionForm("benefits", {
      title: "Why",
      numbered: "on",
      "items.0.icon": "rocket",
      "items.0.title": "One",
      "items.0.text": "First",
      "items.1.icon": "check",
      "items.1.title": "",
      "items.1.text": "",
      "items.2.title": "Three",
      "items.2.text": "Third",
    });
    expect(content).toMatchObject({ title: "Why", numbered: true, tinted: false, titleHidden: false });
    expect(content.items).toEqual([
      { icon: "rocket", title: "One", text: "First" },
      { title: "Three", text: "Third" },
    ]);
  });
});

describe("drafts and publishing", () => {
  it("keeps the published copy until Publish, then replaces it in one go", async () => {
    const { id, slug } = await newPage();
    expect(await getPublishedPage({ slug })).toBeNull();
    const { id: sectionId } = await addSection({ pageId: id, kind: "rich_text", content: { markdown: "First version" } });
    await publishPage({ pageId: id });
    await updateSection({ pageId: id, sectionId, content: { markdown: "Second version" } });
    await addSection({ pageId: id, kind: "call_to_action", content: { title: "Go", buttonLabel: "Now", buttonHref: "/courses" } });

    const live = await getPublishedPage({ slug });
    expect(live?.sections.map((section) => section.content)).toEqual([{ markdown: "First version" }]);
    expect((await getPageForEditing({ id }))?.sections).toHaveLength(2);

    await publishPage({ pageId: id });
    const republished = await getPublishedPage({ slug });
    expect(republished?.sections.map((section) => section.kind)).toEqual(["rich_text", "call_to_action"]);
    expect(republished?.sections[0].content).toEqual({ markdown: "Second version" });
  });

  it("hides, moves and deletes in the draft only; a hidden section is published but not shown", async () => {
    const { id, slug } = await newPage();
    const a = await addSection({ pageId: id, kind: "rich_text", content: { markdown: "A" } });
    await addSection({ pageId: id, kind: "rich_text", content: { markdown: "B" } });
    const c = await addSection({ pageId: id, kind: "rich_text", content: { markdown: "C" } });
    await moveSection({ pageId: id, sectionId: c.id, position: 1 });
    await setSectionHidden({ pageId: id, sectionId: a.id, hidden: true });
    const draft = (await getPageForEditing({ id }))!.sections;
    expect(draft.map((section) => [section.content, section.hidden])).toEqual([
      [{ markdown: "C" }, false],
      [{ markdown: "A" }, true],
      [{ markdown: "B" }, false],
    ]);
    await publishPage({ pageId: id });
    expect((await getPublishedPage({ slug }))!.sections.map((section) => section.content)).toEqual([{ markdown: "C" }, { markdown: "B" }]);

    await deleteSection({ pageId: id, sectionId: c.id });
    const positions = (await storedSections(id, "draft")).map((row) => row.position).sort();
    expect(positions).toEqual([1, 2]);
    expect(await storedSections(id, "published")).toHaveLength(3);
  });

  it("never edits a published copy or another page's section", async () => {
    const first = await newPage();
    const other = await newPage();
    const section = await addSection({ pageId: first.id, kind: "rich_text", content: { markdown: "Mine" } });
    await expect(updateSection({ pageId: other.id, sectionId: section.id, content: { markdown: "Theirs" } })).rejects.toMatchObject({
      reason: "section-not-found",
    });
    await publishPage({ pageId: first.id });
    const [published] = await storedSections(first.id, "published");
    await expect(deleteSection({ pageId: first.id, sectionId: published.id })).rejects.toMatchObject({ reason: "section-not-found" });
  });
});

describe("pages", () => {
  it("refuses a second page at the same address, and never deletes the home page", async () => {
    const { slug } = await newPage();
    await expect(createPage({ slug, title: "Again", description: "", inHeader: false, inFooter: false })).rejects.toMatchObject({
      reason: "slug-taken",
    });
    await ensureBuiltInPages();
    const [home] = await database().db.select({ id: pages.id }).from(pages).where(eq(pages.builtIn, true));
    await expect(deletePage({ id: home.id })).rejects.toMatchObject({ reason: "built-in" });
  });

  it("lists published pages for the header and footer, not drafts", async () => {
    const shown = await newPage();
    const draft = await newPage();
    await publishPage({ pageId: shown.id });
    const slugs = (await listNavigationPages()).map((page) => page.slug);
    expect(slugs).toContain(shown.slug);
    expect(slugs).not.toContain(draft.slug);
  });
});

describe("the public site", () => {
  let app: Awaited<ReturnType<typeof startAppServer>>;
  beforeAll(async () => {
    app = await startAppServer({ routes: (file) => !file.startsWith("routes/admin/") && !file.startsWith("routes/checkout/") });
  });
  afterAll(async () => {
    await app?.close();
  });

  const get = async (path: string) => {
    const response = await fetch(`${app.base}${path}`, { headers: { "user-agent": "Mozilla/5.0 Chrome/126.0" } });
    return { status: response.status, cache: response.headers.get("x-page-cache"), text: await response.text() };
  };
  /** The page as the cache holds it (a write's NOTIFY may empty the cache once more on PostgreSQL). */
  const cached = async (path: string) => {
    for (let tries = 0; tries < 5; tries++) if ((await get(path)).cache === "hit") return;
    throw new Error(`${path} never came from the cache`);
  };

  it("shows the demo's home page from its sections, and a publish is visible at once through the page cache", async () => {
    const home = await get("/");
    expect(home.text).toContain("Build the store, the prompts and the automations that run your business.");
    expect(home.text).toContain("Five pillars, one weekly rhythm");
    await cached("/");

    const [row] = await database().db.select({ id: pages.id }).from(pages).where(eq(pages.slug, "home"));
    const hero = (await getPageForEditing({ id: row.id }))!.sections.find((section) => section.kind === "hero")!;
    const headline = `Our own headline ${unique()}`;
    await updateSection({ pageId: row.id, sectionId: hero.id, content: { ...hero.content, headline } });
    expect((await get("/")).text).not.toContain(headline);

    await publishPage({ pageId: row.id });
    const after = await get("/");
    expect(after.cache).not.toBe("hit");
    expect(after.text).toContain(headline);
  });

  it("shows the demo's about page from its sections, with the school's name filled in", async () => {
    const about = await get("/about");
    expect(about.status).toBe(200);
    for (const text of [
      "We teach what we wished someone had taught us",
      "The five-pillar framework",
      "From 2013 to now",
      "Ready to build yours?",
    ]) {
      expect(about.text).toContain(text);
    }
    expect(about.text).toMatch(/About Launchpad Academy|About [^{<]+</);
    expect(about.text).not.toContain("{school}");
  });

  it("serves an owner's page at /p/{slug} once published, with its title in the header", async () => {
    const { id, slug } = await newPage();
    expect((await get(`/p/${slug}`)).status).toBe(404);
    await addSection({ pageId: id, kind: "rich_text", content: { markdown: "Welcome to **our story**" } });
    await publishPage({ pageId: id });
    const page = await get(`/p/${slug}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain("<strong>our story</strong>");
    expect((await get("/")).text).toContain(`href="/p/${slug}"`);
  });
});

describe("the pricing page", () => {
  it("is a built-in page: the real prices and plans by default, no promise the owner did not make, and the owner's own once published", async () => {
    await database().db.delete(pages).where(eq(pages.slug, "pricing"));
    const page = await readBuiltInPage("pricing");
    const offer = membershipOffer(await getSiteSettings());
    expect(page.title).toBe("Pricing");
    expect(page.sections.map((section) => section.kind)).toEqual(["hero", "pricing", "call_to_action"]);
    // The comparison table is §9's until the owner edits its rows; nothing else promises anything.
    const pricingSection = page.sections.find((section) => section.kind === "pricing")!;
    expect(pricingSection.content).toMatchObject({ comparison: true, items: DEFAULT_COMPARISON_ROWS });
    const text = JSON.stringify(page.sections.map((section) => (section.kind === "pricing" ? { ...section, content: { ...section.content, items: [] } } : section)));
    expect(text).toContain("Simple pricing, no surprises");
    expect(text).toContain(`${offer.monthlyPrice} per month`);
    for (const claim of ["live Q&A", "priority support", "14-day", "USD"]) expect(text).not.toContain(claim);

    await ensureBuiltInPages();
    const [pricing] = await database().db.select({ id: pages.id }).from(pages).where(and(eq(pages.slug, "pricing"), eq(pages.builtIn, true)));
    await addSection({ pageId: pricing!.id, kind: "faq", content: { title: "Billing questions", items: [{ question: "Can I pay yearly?", answer: "Yes." }] } });
    await publishPage({ pageId: pricing!.id });
    const published = await readBuiltInPage("pricing");
    expect(published.sections.at(-1)).toMatchObject({ kind: "faq", content: { title: "Billing questions" } });
  });

  it("takes the owner's comparison rows from the editor's form; ticked with no row is refused with the reason", async () => {
    const content = readSectionForm("pricing", {
      title: "Plans",
      comparison: "on",
      "items.0.feature": "Office hours",
      "items.0.membership": "on",
      "items.1.feature": "",
      "items.2.feature": "Certificates",
      "items.2.course": "on",
      "items.2.membership": "on",
    });
    expect(SECTION_SCHEMAS.pricing.parse(content)).toMatchObject({
      items: [
        { feature: "Office hours", course: false, membership: true },
        { feature: "Certificates", course: true, membership: true },
      ],
    });
    const { id } = await createPage({ slug: `plans-${Date.now()}`, title: "Plans", description: "", inHeader: false, inFooter: false });
    await expect(addSection({ pageId: id, kind: "pricing", content: readSectionForm("pricing", { title: "Plans", comparison: "on" }) })).rejects.toThrow(
      PageError,
    );
    // Unticked, the table needs no rows.
    await addSection({ pageId: id, kind: "pricing", content: readSectionForm("pricing", { title: "Plans" }) });
  });
});
