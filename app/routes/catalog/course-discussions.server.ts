import { data, type RouterContextProvider } from "react-router";
import { getSessionUser } from "~/server/auth/guards.server";
import { listCourseDiscussions } from "~/server/discussions/course-discussions.server";

/**
 * /courses/{course}/discussions: the course's threads for this person (only lessons they may
 * open), a page at a time (`?page=`). Never cached: it is not a public page, and its answer depends on who asks.
 */
export async function courseDiscussionsLoader({
  request,
  params,
  context,
}: {
  request: Request;
  params: { slug: string };
  context: Readonly<RouterContextProvider>;
}) {
  const user = getSessionUser({ context });
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").slice(0, 200);
  const show = url.searchParams.get("show");
  const filter = show === "unanswered" || show === "mine" ? show : null;
  // A page past the end reads the last one; anything that is not a page number reads the first.
  const page = Math.min(Math.max(1, Math.trunc(Number(url.searchParams.get("page"))) || 1), 10_000);
  const found = await listCourseDiscussions({ user, courseSlug: params.slug, query: q, filter, page });
  if (!found) throw data({ notFound: true }, { status: 404 });
  return data({ ...found, q, filter, signedIn: Boolean(user) }, { headers: { "Cache-Control": "private, no-store" } });
}
