import { redirect } from "react-router";
import type { Route } from "./+types/course-redirect";

/** The old singular address of a course page; links to it keep working, permanently moved. */
export function loader({ params, url }: Route.LoaderArgs) {
  // `url`, not request.url: a client-side navigation's request ends in ".data".
  return redirect(`/courses/${encodeURIComponent(params.slug)}${url.search}`, 301);
}
