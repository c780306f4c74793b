import { data, type RouterContextProvider } from "react-router";
import { formatDateTime, formatLongDate } from "~/lib/dates";
import { parseForm } from "~/lib/forms/parse-form";
import { BUILT_IN_PAGES, type BuiltInPage } from "~/lib/domain-values";
import { BUILT_IN_PAGE_DEFAULTS, PAGE_MESSAGES, readSectionForm, SECTION_SCHEMAS } from "~/lib/page-sections";
import { isUuid } from "~/lib/uuid";
import { invalidForm, readForm } from "~/server/action.server";
import { readAdminList } from "~/server/admin-list.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { listLegalPages } from "~/server/pages/legal-pages.server";
import { preparePageSections } from "~/server/pages/page-view.server";
import {
  addSection,
  createPage,
  deletePage,
  deleteSection,
  ensureBuiltInPages,
  getPageForEditing,
  hasUnpublishedChanges,
  listAdminPages,
  moveSection,
  PageError,
  publishPage,
  setSectionHidden,
  updatePageDetails,
  updateSection,
} from "~/server/pages/pages.server";
import { dataWithToast, redirectWithToast } from "~/server/toast.server";
import { newPageForm, pageEditForm, pageList } from "./page-form";

type Args = { request: Request; context: Readonly<RouterContextProvider> };
type IdArgs = Args & { params: { id?: string } };

/** The public address of a page. */
export const pagePath = (page: { slug: string; builtIn: boolean }) =>
  page.builtIn ? (isBuiltInPage(page.slug) ? BUILT_IN_PAGE_DEFAULTS[page.slug].path : "/") : `/p/${page.slug}`;

const isBuiltInPage = (slug: string): slug is BuiltInPage => (BUILT_IN_PAGES as readonly string[]).includes(slug);

export function pageStatus(page: { publishedAt: Date | null; draftChangedAt: Date }) {
  if (page.publishedAt === null) return "Not published" as const;
  return hasUnpublishedChanges(page) ? ("Unpublished changes" as const) : ("Published" as const);
}

/** Admin → Pages: the home page (made on the first visit if the school has none) and the owner's pages. */
export async function pagesLoader({ request, context }: Args) {
  requireAdmin({ request, context });
  await ensureBuiltInPages();
  const [list, legal] = await Promise.all([readPageList(request), listLegalPages()]);
  return { ...list, legal: legal.map((page) => ({ ...page, updated: formatLongDate(page.updatedAt), path: `/${page.slug}` })) };
}

function readPageList(request: Request) {
  return readAdminList({
    request,
    list: pageList,
    failure: PAGE_MESSAGES.listFailed,
    what: "admin page list",
    read: async ({ q, page }) => {
      const result = await listAdminPages({ query: q, page });
      const rows = result.pages.map((row) => ({
        id: row.id,
        title: row.title,
        path: pagePath(row),
        status: pageStatus(row),
        linkedFrom: [row.inHeader ? "Header" : null, row.inFooter ? "Footer" : null].filter(Boolean).join(", ") || "Not linked",
        published: row.publishedAt ? formatDateTime(row.publishedAt) : "Never",
      }));
      return { ...result, rows };
    },
  });
}

export function newPageLoader({ request, context }: Args) {
  requireAdmin({ request, context });
  return {};
}

export async function newPageAction({ request, context }: Args) {
  requireAdmin({ request, context });
  const parsed = parseForm(newPageForm, await readForm(request));
  if (parsed.errors) return invalidForm(parsed);
  const { slug, title, description, inHeader, inFooter } = parsed.data;
  try {
    const page = await createPage({ slug, title, description, inHeader, inFooter });
    return redirectWithToast(`/admin/pages/${page.id}`, { kind: "success", message: PAGE_MESSAGES.created });
  } catch (error) {
    if (error instanceof PageError && error.reason === "slug-taken") {
      return invalidForm({ errors: { slug: [PAGE_MESSAGES.slugTaken] }, values: parsed.values });
    }
    throw error;
  }
}

async function findPage(params: { id?: string }) {
  const found = params.id && isUuid(params.id) ? await getPageForEditing({ id: params.id }) : null;
  if (!found) throw data(null, { status: 404 });
  return found;
}

/** The editor: the page's details and its draft sections, each with its form values. */
export async function pageEditLoader({ request, context, params }: IdArgs) {
  requireAdmin({ request, context });
  const { page, sections } = await findPage(params);
  return {
    page: {
      id: page.id,
      slug: page.slug,
      builtIn: page.builtIn,
      title: page.title,
      description: page.description,
      inHeader: page.inHeader,
      inFooter: page.inFooter,
      path: pagePath(page),
      status: pageStatus(page),
    },
    sections: sections.map((section) => ({
      id: section.id,
      kind: section.kind,
      hidden: section.hidden,
      content: section.content as Record<string, unknown>,
    })),
  };
}

/** The draft as visitors would see it once published, for the editor's preview frame. */
export async function pagePreviewLoader({ request, context, params }: IdArgs) {
  requireAdmin({ request, context });
  const { page, sections } = await findPage(params);
  const shown = sections.filter((section) => !section.hidden);
  return { page: { title: page.title, builtIn: page.builtIn }, sections: await preparePageSections(shown) };
}

const failureMessage: Record<PageError["reason"], string> = {
  "not-found": PAGE_MESSAGES.notFound,
  "section-not-found": PAGE_MESSAGES.sectionNotFound,
  "slug-taken": PAGE_MESSAGES.slugTaken,
  "built-in": PAGE_MESSAGES.builtInNotDeleted,
  "invalid-content": PAGE_MESSAGES.required,
};

export async function pageEditAction({ request, context, params }: IdArgs) {
  requireAdmin({ request, context });
  const { page } = await findPage(params);
  const formData = await readForm(request);
  const parsed = parseForm(pageEditForm, formData);
  if (parsed.errors) return invalidForm(parsed);
  const form = parsed.data;
  const pageId = page.id;
  // Post, then redirect to the editor as it is now (an open section form closes once saved).
  const done = (message: string) => redirectWithToast(`/admin/pages/${pageId}`, { kind: "success", message });
  try {
    switch (form.intent) {
      case "details": {
        if (!page.builtIn && !form.slug) return invalidForm({ errors: { slug: [PAGE_MESSAGES.slugInvalid] }, values: parsed.values });
        await updatePageDetails({
          id: pageId,
          slug: page.builtIn ? undefined : form.slug,
          title: form.title,
          description: form.description,
          inHeader: !page.builtIn && form.inHeader,
          inFooter: !page.builtIn && form.inFooter,
        });
        return done(PAGE_MESSAGES.saved);
      }
      case "add-section":
      case "save-section": {
        const section = form.intent === "save-section" ? await findDraftSection(pageId, form.sectionId) : null;
        const kind = section ? section.kind : form.intent === "add-section" ? form.kind : null;
        if (!kind) throw new PageError("section-not-found");
        const content = readSectionForm(kind, parsed.values);
        const checked = SECTION_SCHEMAS[kind].safeParse(content);
        if (!checked.success) {
          const errors: Record<string, string[]> = {};
          for (const issue of checked.error.issues) (errors[issue.path.map(String).join(".") || "form"] ??= []).push(issue.message);
          return invalidForm({ errors, values: parsed.values }, { sectionForm: section ? section.id : `new:${kind}` });
        }
        if (section) {
          await updateSection({ pageId, sectionId: section.id, content: checked.data });
          return done(PAGE_MESSAGES.sectionSaved);
        }
        await addSection({ pageId, kind, content: checked.data });
        return done(PAGE_MESSAGES.sectionAdded);
      }
      case "move-section":
        await moveSection({ pageId, sectionId: form.sectionId, position: form.position });
        return done(PAGE_MESSAGES.sectionMoved);
      case "hide-section":
      case "show-section": {
        const hidden = form.intent === "hide-section";
        await setSectionHidden({ pageId, sectionId: form.sectionId, hidden });
        return done(hidden ? PAGE_MESSAGES.sectionHidden : PAGE_MESSAGES.sectionShown);
      }
      case "delete-section":
        await deleteSection({ pageId, sectionId: form.sectionId });
        return done(PAGE_MESSAGES.sectionDeleted);
      case "publish":
        await publishPage({ pageId });
        return done(PAGE_MESSAGES.published);
      case "delete-page":
        await deletePage({ id: pageId });
        return redirectWithToast("/admin/pages", { kind: "success", message: PAGE_MESSAGES.deleted });
    }
  } catch (error) {
    if (error instanceof PageError) {
      if (error.reason === "slug-taken") return invalidForm({ errors: { slug: [PAGE_MESSAGES.slugTaken] }, values: parsed.values });
      return dataWithToast({ values: parsed.values }, { kind: "error", message: failureMessage[error.reason] }, 400);
    }
    throw error;
  }
}

async function findDraftSection(pageId: string, sectionId: string) {
  const found = await getPageForEditing({ id: pageId });
  return found?.sections.find((section) => section.id === sectionId) ?? null;
}
