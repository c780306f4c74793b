import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { ErrorScreen, HomeLink } from "~/components/error-screen";
import { siteTitle } from "~/lib/seo";
import { logger } from "~/server/platform/logger.server";

export const meta: Route.MetaFunction = (args) => [{ title: siteTitle(args, "Oops! Page not found") }, { name: "robots", content: "noindex" }];

/** Every path no other route claims. */
export function loader({ request }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  logger.warn({ path: pathname }, "page not found");
  return data({ path: pathname }, { status: 404 });
}

export default function NotFound({ loaderData }: Route.ComponentProps) {
  return (
    <ErrorScreen
      status={404}
      title="Oops! Page not found"
      detail={
        <>
          Nothing lives at <code className="rounded bg-muted px-1.5 py-0.5 text-sm">{loaderData.path}</code>. It may have moved, or the link may be mistyped.
        </>
      }
    >
      <HomeLink />
    </ErrorScreen>
  );
}
