import { and, asc, count, desc, eq, gt, sql } from "drizzle-orm";
import { BUILT_IN_PAGES, type BuiltInPage, type PageSectionKind } from "~/lib/domain-values";
import { BUILT_IN_PAGE_DEFAULTS, isSectionKind, readSectionContent, SECTION_SCHEMAS, type SectionOf } from "~/lib/page-sections";
import { db, type Queryable } from "~/server/db/client.server";
import { isUniqueViolation } from "~/server/db/errors.server";
import { anyColumnContains } from "~/server/db/like.server";
import { pageWindow } from "~/server/db/pagination.server";
import { pages, pageSections } from "~/server/db/schema";

/**
 * Pages built from sections (docs/decisions/046-pages-from-sections.md). The owner edits the
 * draft copy of a page's sections; `publishPage` copies the draft over the published copy in one
 * transaction, which is what visitors see. Writes to either table empty the page caches through
 * their triggers (drizzle/0028), like every content write.
 */

export const ADMIN_PAGES_PAGE_SIZE = 25;

export class PageError extends Error {
  constructor(readonly reason: "not-found" | "section-not-found" | "slug-taken" | "built-in" | "invalid-content") {
    super(`page: ${reason}`);
  }
}

export type PageDetails = { title: string; description: string; inHeader: boolean; inFooter: boolean };

// ---------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------

export async function listAdminPages({
  query = "",
  page = 1,
  pageSize = ADMIN_PAGES_PAGE_SIZE,
}: {
  query?: string;
  page?: number;
  pageSize?: number;
}) {
  const where = anyColumnContains({ columns: [pages.title, pages.slug], text: query, maxLength: 200 });
  const [{ total }] = await db().select({ total: count() }).from(pages).where(where);
  const window = pageWindow({ total, page, pageSize });
  const rows = await db()
    .select({
      id: pages.id,
      slug: pages.slug,
      title: pages.title,
      builtIn: pages.builtIn,
      inHeader: pages.inHeader,
      inFooter: pages.inFooter,
      publishedAt: pages.publishedAt,
      draftChangedAt: pages.draftChangedAt,
    })
    .from(pages)
    .where(where)
    .orderBy(desc(pages.builtIn), asc(pages.title), asc(pages.id))
    .limit(pageSize)
    .offset(window.offset);
  return { pages: rows, total, page: window.page, pageCount: window.pageCount };
}

/** Whether the draft holds changes visitors do not see yet. */
export const hasUnpublishedChanges = (page: { publishedAt: Date | null; draftChangedAt: Date }) =>
  page.publishedAt === null || page.draftChangedAt > page.publishedAt;

/** A page and its draft sections, for the editor; null when there is no such page. */
export async function getPageForEditing({ id }: { id: string }) {
  const [page] = await db().select().from(pages).where(eq(pages.id, id));
  if (!page) return null;
  return { page, sections: await readSections(db(), page.id, "draft", { withHidden: true }) };
}

/** The page visitors see at its address: its published, shown sections; null when unpublished or unknown. */
export async function getPublishedPage({ slug, builtIn = false }: { slug: string; builtIn?: boolean }) {
  const [page] = await db()
    .select({ id: pages.id, slug: pages.slug, title: pages.title, description: pages.description, publishedAt: pages.publishedAt })
    .from(pages)
    .where(and(eq(pages.slug, slug), eq(pages.builtIn, builtIn)));
  if (!page || page.publishedAt === null) return null;
  return { page, sections: await readSections(db(), page.id, "published", { withHidden: false }) };
}

/** The owner's published pages that asked to be in the header or footer, for the site's navigation. */
export async function listNavigationPages() {
  return db()
    .select({ slug: pages.slug, title: pages.title, inHeader: pages.inHeader, inFooter: pages.inFooter })
    .from(pages)
    .where(and(eq(pages.builtIn, false), sql`${pages.publishedAt} is not null`, sql`(${pages.inHeader} or ${pages.inFooter})`))
    .orderBy(asc(pages.title));
}

/** Sections in order; one whose stored content no longer fits its kind is left out rather than breaking the page. */
async function readSections(database: Queryable, pageId: string, copy: "draft" | "published", { withHidden }: { withHidden: boolean }) {
  const rows = await database
    .select({ id: pageSections.id, kind: pageSections.kind, hidden: pageSections.hidden, content: pageSections.content })
    .from(pageSections)
    .where(and(eq(pageSections.pageId, pageId), eq(pageSections.copy, copy), withHidden ? undefined : eq(pageSections.hidden, false)))
    .orderBy(asc(pageSections.position));
  const sections: SectionOf[] = [];
  for (const row of rows) {
    if (!isSectionKind(row.kind)) continue;
    const content = readSectionContent(row.kind, row.content);
    if (content) sections.push({ id: row.id, kind: row.kind, hidden: row.hidden, content } as SectionOf);
  }
  return sections;
}

// ---------------------------------------------------------------------------------------------
// Writing
// ---------------------------------------------------------------------------------------------

/** A new page of the owner's at /p/{slug}, unpublished and without sections. */
export async function createPage({ slug, ...details }: PageDetails & { slug: string }) {
  try {
    const [row] = await db()
      .insert(pages)
      .values({ slug, ...details })
      .returning({ id: pages.id });
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw new PageError("slug-taken");
    throw error;
  }
}

/** Title, description and navigation: live when saved (they are not drafted). The home page keeps its address. */
export async function updatePageDetails({ id, slug, ...details }: PageDetails & { id: string; slug?: string }) {
  try {
    const [row] = await db()
      .update(pages)
      .set({ ...details, ...(slug ? { slug } : {}) })
      .where(and(eq(pages.id, id), slug ? eq(pages.builtIn, false) : undefined))
      .returning({ id: pages.id });
    if (!row) throw new PageError("not-found");
  } catch (error) {
    if (isUniqueViolation(error)) throw new PageError("slug-taken");
    throw error;
  }
}

export async function deletePage({ id }: { id: string }) {
  const [page] = await db().select({ builtIn: pages.builtIn }).from(pages).where(eq(pages.id, id));
  if (!page) throw new PageError("not-found");
  if (page.builtIn) throw new PageError("built-in");
  await db().delete(pages).where(eq(pages.id, id));
}

/** Checks content against its kind's schema: the one gate every stored section passes. */
function checkedContent(kind: PageSectionKind, content: unknown) {
  const parsed = SECTION_SCHEMAS[kind].safeParse(content);
  if (!parsed.success) throw new PageError("invalid-content");
  return parsed.data;
}

const touchDraft = (tx: Queryable, pageId: string) => tx.update(pages).set({ draftChangedAt: new Date() }).where(eq(pages.id, pageId));

/** Adds a section at the end of the draft. */
export async function addSection({ pageId, kind, content }: { pageId: string; kind: PageSectionKind; content: unknown }) {
  const checked = checkedContent(kind, content);
  return db().transaction(async (tx) => {
    const [page] = await tx.select({ id: pages.id }).from(pages).where(eq(pages.id, pageId)).for("update");
    if (!page) throw new PageError("not-found");
    const [{ last }] = await tx
      .select({ last: sql<number>`coalesce(max(${pageSections.position}), 0)`.mapWith(Number) })
      .from(pageSections)
      .where(and(eq(pageSections.pageId, pageId), eq(pageSections.copy, "draft")));
    const [row] = await tx
      .insert(pageSections)
      .values({ pageId, copy: "draft", kind, position: last + 1, content: checked })
      .returning({ id: pageSections.id });
    await touchDraft(tx, pageId);
    return row;
  });
}

/** The draft section of a page, locked for a change; a published copy is never edited in place. */
async function lockDraftSection(tx: Queryable, { pageId, sectionId }: { pageId: string; sectionId: string }) {
  const [section] = await tx
    .select({ id: pageSections.id, kind: pageSections.kind, position: pageSections.position })
    .from(pageSections)
    .where(and(eq(pageSections.id, sectionId), eq(pageSections.pageId, pageId), eq(pageSections.copy, "draft")))
    .for("update");
  if (!section || !isSectionKind(section.kind)) throw new PageError("section-not-found");
  return { ...section, kind: section.kind };
}

export async function updateSection({ pageId, sectionId, content }: { pageId: string; sectionId: string; content: unknown }) {
  await db().transaction(async (tx) => {
    const section = await lockDraftSection(tx, { pageId, sectionId });
    await tx
      .update(pageSections)
      .set({ content: checkedContent(section.kind, content) })
      .where(eq(pageSections.id, sectionId));
    await touchDraft(tx, pageId);
  });
}

export async function setSectionHidden({ pageId, sectionId, hidden }: { pageId: string; sectionId: string; hidden: boolean }) {
  await db().transaction(async (tx) => {
    await lockDraftSection(tx, { pageId, sectionId });
    await tx.update(pageSections).set({ hidden }).where(eq(pageSections.id, sectionId));
    await touchDraft(tx, pageId);
  });
}

export async function deleteSection({ pageId, sectionId }: { pageId: string; sectionId: string }) {
  await db().transaction(async (tx) => {
    const section = await lockDraftSection(tx, { pageId, sectionId });
    await tx.delete(pageSections).where(eq(pageSections.id, sectionId));
    await tx
      .update(pageSections)
      .set({ position: sql`${pageSections.position} - 1` })
      .where(and(eq(pageSections.pageId, pageId), eq(pageSections.copy, "draft"), gt(pageSections.position, section.position)));
    await touchDraft(tx, pageId);
  });
}

/** Moves a draft section to `position` (from 1, kept within the page), renumbering the others. */
export async function moveSection({ pageId, sectionId, position }: { pageId: string; sectionId: string; position: number }) {
  await db().transaction(async (tx) => {
    await tx.select({ id: pages.id }).from(pages).where(eq(pages.id, pageId)).for("update");
    await lockDraftSection(tx, { pageId, sectionId });
    const ids = (
      await tx
        .select({ id: pageSections.id })
        .from(pageSections)
        .where(and(eq(pageSections.pageId, pageId), eq(pageSections.copy, "draft")))
        .orderBy(asc(pageSections.position))
    ).map((row) => row.id);
    const rest = ids.filter((id) => id !== sectionId);
    const index = Math.min(Math.max(1, Math.trunc(position)), ids.length) - 1;
    rest.splice(index, 0, sectionId);
    for (const [at, id] of rest.entries()) {
      await tx
        .update(pageSections)
        .set({ position: at + 1 })
        .where(eq(pageSections.id, id));
    }
    await touchDraft(tx, pageId);
  });
}

/**
 * Makes the draft what visitors see: the published copy replaced by the draft's sections (hidden
 * ones included, still hidden) in one transaction. The statement triggers empty the page caches.
 */
export async function publishPage({ pageId, now = new Date() }: { pageId: string; now?: Date }) {
  await db().transaction(async (tx) => {
    const [page] = await tx.select({ id: pages.id }).from(pages).where(eq(pages.id, pageId)).for("update");
    if (!page) throw new PageError("not-found");
    await copyDraftToPublished(tx, pageId);
    await tx.update(pages).set({ publishedAt: now, draftChangedAt: now }).where(eq(pages.id, pageId));
  });
}

async function copyDraftToPublished(tx: Queryable, pageId: string) {
  await tx.delete(pageSections).where(and(eq(pageSections.pageId, pageId), eq(pageSections.copy, "published")));
  const draft = await tx
    .select({ kind: pageSections.kind, position: pageSections.position, hidden: pageSections.hidden, content: pageSections.content })
    .from(pageSections)
    .where(and(eq(pageSections.pageId, pageId), eq(pageSections.copy, "draft")));
  if (draft.length > 0) await tx.insert(pageSections).values(draft.map((section) => ({ ...section, pageId, copy: "published" })));
}

/**
 * Writes a page with its sections, draft and published alike (the demo's home page, when seeding).
 * Each section's content passes its kind's schema first.
 */
export async function writePublishedPage(
  tx: Queryable,
  {
    slug,
    builtIn,
    title,
    description,
    sections,
    now = new Date(),
  }: { slug: string; builtIn: boolean; title: string; description: string; sections: { kind: string; content: unknown }[]; now?: Date },
) {
  const checked = sections.map((section) => {
    if (!isSectionKind(section.kind)) throw new PageError("invalid-content");
    return { kind: section.kind, content: checkedContent(section.kind, section.content) };
  });
  const [page] = await tx
    .insert(pages)
    .values({ slug, builtIn, title, description, publishedAt: now, draftChangedAt: now })
    .returning({ id: pages.id });
  if (checked.length > 0) {
    await tx
      .insert(pageSections)
      .values(checked.map((section, index) => ({ ...section, pageId: page.id, copy: "draft", position: index + 1 })));
  }
  await copyDraftToPublished(tx, page.id);
  return page;
}

/**
 * The built-in pages' rows (home, about), made on first visit to Admin → Pages when the school has
 * none (a new school, or one from before pages existed): a draft of the default sections,
 * unpublished, so the site keeps showing those defaults until the owner publishes.
 */
export async function ensureBuiltInPages() {
  for (const slug of BUILT_IN_PAGES) await ensureBuiltInPage(slug);
}

async function ensureBuiltInPage(slug: BuiltInPage) {
  const defaults = BUILT_IN_PAGE_DEFAULTS[slug];
  await db().transaction(async (tx) => {
    const [home] = await tx
      .insert(pages)
      .values({ slug, builtIn: true, title: defaults.title, description: "" })
      .onConflictDoNothing()
      .returning({ id: pages.id });
    if (!home) return;
    await tx.insert(pageSections).values(
      defaults.sections.map((section, index) => ({
        pageId: home.id,
        copy: "draft",
        kind: section.kind,
        position: index + 1,
        content: checkedContent(section.kind, section.content),
      })),
    );
  });
}
