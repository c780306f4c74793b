import { data, type RouterContextProvider } from "react-router";
import { formatLongDate } from "~/lib/dates";
import { isOneOf, LEGAL_PAGES } from "~/lib/domain-values";
import { parseForm } from "~/lib/forms/parse-form";
import { invalidForm, readForm } from "~/server/action.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { getLegalPage, saveLegalPage } from "~/server/pages/legal-pages.server";
import { redirectWithToast } from "~/server/toast.server";
import { LEGAL_MESSAGES, legalPageForm } from "./legal-page-form";

type Args = { request: Request; context: Readonly<RouterContextProvider>; params: { slug?: string } };

function slugOf(params: { slug?: string }) {
  if (!isOneOf(LEGAL_PAGES, params.slug)) throw data(null, { status: 404 });
  return params.slug;
}

/** Admin → Pages → a legal page: its Markdown and its "Last updated" date. */
export async function loader({ request, context, params }: Args) {
  requireAdmin({ request, context });
  const page = await getLegalPage({ slug: slugOf(params) });
  return { ...page, updated: formatLongDate(page.updatedAt), path: `/${page.slug}` };
}

export async function action({ request, context, params }: Args) {
  requireAdmin({ request, context });
  const slug = slugOf(params);
  const parsed = parseForm(legalPageForm, await readForm(request));
  if (parsed.errors) return invalidForm(parsed);
  const { title } = await getLegalPage({ slug });
  const { changed } = await saveLegalPage({ slug, markdown: parsed.data.markdown });
  return redirectWithToast(`/admin/pages/legal/${slug}`, {
    kind: "success",
    message: changed ? LEGAL_MESSAGES.saved(title) : LEGAL_MESSAGES.unchanged(title),
  });
}
