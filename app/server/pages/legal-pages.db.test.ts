import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer } from "../../../tests/support/app-server";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import { legalPages } from "~/server/db/schema";
import { DEMO_LEGAL_TEXTS } from "./legal-texts.server";
import { DEMO_LEGAL_DATE, getLegalPage, listLegalPages, renderLegalMarkdown, saveLegalPage } from "./legal-pages.server";

const database = useTestDatabase();

describe("legal pages", () => {
  it("show the demo's text, dated January 1, 2024, until the owner saves their own", async () => {
    await database().db.delete(legalPages);
    const privacy = await getLegalPage({ slug: "privacy" });
    expect(privacy.markdown).toBe(DEMO_LEGAL_TEXTS.privacy);
    expect(privacy.updatedAt).toEqual(DEMO_LEGAL_DATE);
    expect((await listLegalPages()).map((page) => page.holdsDemoText)).toEqual([true, true, true]);
  });

  it("move their date only when the text changes", async () => {
    await database().db.delete(legalPages);
    // The demo's text again (as a browser sends it, with \r\n): not a change, no row, no new date.
    const same = await saveLegalPage({
      slug: "refund",
      markdown: DEMO_LEGAL_TEXTS.refund.replaceAll("\n", "\r\n"),
      now: new Date("2026-03-01T10:00:00Z"),
    });
    expect(same.changed).toBe(false);
    expect((await getLegalPage({ slug: "refund" })).updatedAt).toEqual(DEMO_LEGAL_DATE);

    const text = `Refunds within 30 days, ${unique()}.\n\n## Courses\n\nAsk us.`;
    const first = await saveLegalPage({ slug: "refund", markdown: text, now: new Date("2026-03-02T10:00:00Z") });
    expect(first.changed).toBe(true);
    let page = await getLegalPage({ slug: "refund" });
    expect(page.updatedAt).toEqual(new Date("2026-03-02T10:00:00Z"));
    expect(page.holdsDemoText).toBe(false);

    // Saved again unchanged a week later: the date stays.
    expect((await saveLegalPage({ slug: "refund", markdown: `${text}\n`, now: new Date("2026-03-09T10:00:00Z") })).changed).toBe(false);
    page = await getLegalPage({ slug: "refund" });
    expect(page.updatedAt).toEqual(new Date("2026-03-02T10:00:00Z"));

    // Changed again: the date moves.
    await saveLegalPage({ slug: "refund", markdown: `${text} More.`, now: new Date("2026-03-10T10:00:00Z") });
    expect((await getLegalPage({ slug: "refund" })).updatedAt).toEqual(new Date("2026-03-10T10:00:00Z"));

    // The others still hold the demo's text; putting the demo's text back counts as the demo's again.
    expect((await listLegalPages()).filter((legal) => legal.holdsDemoText).map((legal) => legal.slug)).toEqual(["privacy", "terms"]);
    await saveLegalPage({ slug: "refund", markdown: DEMO_LEGAL_TEXTS.refund });
    expect((await getLegalPage({ slug: "refund" })).holdsDemoText).toBe(true);
  });

  it("split at their ## headings into numbered sections, each through the sanitising pipeline", async () => {
    const view = await renderLegalMarkdown(
      "Intro with <script>alert(1)</script> **bold**.\n\n## First Part\n\nA [link](javascript:alert(1)) and [ours](/contact).\n\n```\n## not a heading\n```\n\n## First Part\n\nAgain.",
    );
    expect(view.introHtml).toContain("<strong>bold</strong>");
    expect(view.introHtml).not.toContain("<script");
    expect(view.sections.map((section) => [section.id, section.title])).toEqual([
      ["first-part", "First Part"],
      ["first-part-1", "First Part"],
    ]);
    expect(view.sections[0].html).toContain('href="/contact"');
    expect(view.sections[0].html).not.toContain("javascript:");
    expect(view.sections[0].html).toContain("## not a heading");
  });
});

describe("the public legal pages", () => {
  let app: Awaited<ReturnType<typeof startAppServer>>;
  beforeAll(async () => {
    app = await startAppServer({ routes: (file) => file.startsWith("routes/marketing/") });
  });
  afterAll(async () => {
    await app?.close();
  });

  const get = async (path: string) => {
    const response = await fetch(`${app.base}${path}`, { headers: { "user-agent": "Mozilla/5.0 Chrome/126.0" } });
    return { cache: response.headers.get("x-page-cache"), text: await response.text() };
  };

  it("show the owner's text at once after a save, with the new date, through the page cache", async () => {
    await database().db.delete(legalPages);
    let page = await get("/refund");
    expect(page.text).toContain("Last updated: January 1, 2024");
    expect(page.text).toContain("1. Individual Courses");
    for (let tries = 0; tries < 5 && page.cache !== "hit"; tries++) page = await get("/refund");
    expect(page.cache).toBe("hit");

    const words = `Our own refund words ${unique()}`;
    await saveLegalPage({
      slug: "refund",
      markdown: `${words}\n\n## When\n\nWithin 30 days at {school}.`,
      now: new Date("2026-05-04T12:00:00Z"),
    });
    page = await get("/refund");
    expect(page.cache).not.toBe("hit");
    expect(page.text).toContain(words);
    expect(page.text).toContain("Last updated: May 4, 2026");
    expect(page.text).toContain("1. When");
    expect(page.text).not.toContain("{school}");
  });
});
