import type { Route } from "./+types/not-found";
import { ErrorScreen, HomeLink } from "~/components/error-screen";
import { siteTitle } from "~/lib/seo";
export { loader } from "./not-found.server";

export const meta: Route.MetaFunction = (args) => [
  { title: siteTitle(args, "Oops! Page not found") },
  { name: "robots", content: "noindex" },
];

export default function NotFound({ loaderData }: Route.ComponentProps) {
  return (
    <ErrorScreen
      status={404}
      title="Oops! Page not found"
      detail={
        <>
          Nothing lives at <code className="rounded bg-muted px-1.5 py-0.5 text-sm">{loaderData.path}</code>. It may have moved, or the link
          may be mistyped.
        </>
      }
    >
      <HomeLink />
    </ErrorScreen>
  );
}
