import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { callAction, sessionUser, thrownResponse, toastAfter } from "../../../tests/support/route-harness";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import { pages, pageSections } from "~/server/db/schema";
import { addSection, createPage, getPageForEditing } from "~/server/pages/pages.server";
import * as pageEdit from "./page-edit";
import * as pageNew from "./page-new";

const database = useTestDatabase();
const admin = sessionUser({ role: "admin" });

type Refused = {
  data: { errors: Record<string, string[]>; values: Record<string, string>; sectionForm?: string };
  init: { status: number };
};

describe("Admin → Pages → New page", () => {
  it("refuses an address that names one of the site's pages, with the reason, and keeps what was typed", async () => {
    const answer = (await callAction(pageNew, {
      path: "/admin/pages/new",
      user: admin,
      form: { slug: "courses", title: "Our courses" },
    })) as unknown as Refused;
    expect(answer.init.status).toBe(400);
    expect(answer.data.errors.slug).toEqual(["“courses” is the address of one of the site's own pages: choose another"]);
    expect(answer.data.values.title).toBe("Our courses");
    const invalid = (await callAction(pageNew, {
      path: "/admin/pages/new",
      user: admin,
      form: { slug: "/courses", title: "X" },
    })) as unknown as Refused;
    expect(invalid.data.errors.slug).toEqual(["A page address uses lower-case letters, digits and hyphens only (for example: our-story)"]);
    expect(await database().db.select().from(pages).where(eq(pages.title, "Our courses"))).toEqual([]);
  });

  it("creates /p/admin (only the public site's own addresses are refused) and opens its editor", async () => {
    const response = (await callAction(pageNew, {
      path: "/admin/pages/new",
      user: admin,
      form: { slug: "admin", title: "Admin stories", inHeader: "on" },
    })) as Response;
    const [page] = await database().db.select().from(pages).where(eq(pages.slug, "admin"));
    expect(page).toMatchObject({ title: "Admin stories", inHeader: true, inFooter: false, publishedAt: null });
    expect(response.headers.get("Location")).toBe(`/admin/pages/${page.id}`);
    expect((await toastAfter(response))?.message).toBe("Page created");
  });
});

describe("Admin → Pages → a page's sections", () => {
  async function pageWithHero() {
    const { id } = await createPage({ slug: unique("p"), title: "Story", description: "", inHeader: false, inFooter: false });
    const hero = await addSection({ pageId: id, kind: "hero", content: { headline: "Original headline" } });
    return { id, heroId: hero.id };
  }

  it("refuses a javascript: link and an empty headline with the reasons, saving nothing", async () => {
    const { id, heroId } = await pageWithHero();
    const answer = (await callAction(pageEdit, {
      path: `/admin/pages/${id}`,
      params: { id },
      user: admin,
      form: { intent: "save-section", sectionId: heroId, headline: "", primaryLabel: "Click", primaryHref: "javascript:alert(1)" },
    })) as unknown as Refused;
    expect(answer.init.status).toBe(400);
    expect(answer.data.sectionForm).toBe(heroId);
    expect(answer.data.errors).toMatchObject({
      headline: ["This field is required"],
      primaryHref: ["A link must start with / (a page of this site), https:// or mailto:"],
    });
    expect(answer.data.values.primaryLabel).toBe("Click");
    const { sections } = (await getPageForEditing({ id }))!;
    expect(sections.map((section) => section.content)).toEqual([expect.objectContaining({ headline: "Original headline" })]);
  });

  it("refuses a new section whose list is empty or whose image is not a picture, adding nothing", async () => {
    const { id } = await pageWithHero();
    const faq = (await callAction(pageEdit, {
      path: `/admin/pages/${id}`,
      params: { id },
      user: admin,
      form: { intent: "add-section", kind: "faq", title: "Questions", "items.0.question": "", "items.0.answer": "" },
    })) as unknown as Refused;
    expect(faq.data.errors.items).toEqual(["Add at least one item"]);
    expect(faq.data.sectionForm).toBe("new:faq");
    const image = (await callAction(pageEdit, {
      path: `/admin/pages/${id}`,
      params: { id },
      user: admin,
      form: { intent: "add-section", kind: "image_text", imageUrl: "https://example.com/notes.pdf", title: "T", textMd: "Text" },
    })) as unknown as Refused;
    expect(image.data.errors.imageUrl?.[0]).toMatch(/^The image must be a picture/);
    expect(await database().db.$count(pageSections, eq(pageSections.pageId, id))).toBe(1);
  });

  it("adds a section from the form, list rows and all, then publishes it", async () => {
    const { id } = await pageWithHero();
    const added = (await callAction(pageEdit, {
      path: `/admin/pages/${id}`,
      params: { id },
      user: admin,
      form: {
        intent: "add-section",
        kind: "figures",
        "items.0.value": "12",
        "items.0.label": "courses",
        "items.1.value": "",
        "items.1.label": "",
      },
    })) as Response;
    expect((await toastAfter(added))?.message).toBe("Section added");
    const { sections } = (await getPageForEditing({ id }))!;
    expect(sections[1]).toMatchObject({ kind: "figures", content: { title: "", items: [{ value: "12", label: "courses" }] } });
    await callAction(pageEdit, { path: `/admin/pages/${id}`, params: { id }, user: admin, form: { intent: "publish" } });
    const [page] = await database().db.select().from(pages).where(eq(pages.id, id));
    expect(page.publishedAt).not.toBeNull();
  });

  it("answers 404 for a page that does not exist", async () => {
    const id = crypto.randomUUID();
    expect(
      await thrownResponse(callAction(pageEdit, { path: `/admin/pages/${id}`, params: { id }, user: admin, form: { intent: "publish" } })),
    ).toMatchObject({
      status: 404,
    });
  });
});
