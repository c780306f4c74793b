import { data, Link } from "react-router";
import type { Route } from "./+types/not-found";
import { siteTitle } from "~/lib/seo";
import { logger } from "~/server/logger.server";

export const meta: Route.MetaFunction = (args) => [{ title: siteTitle(args, "Oops! Page not found") }, { name: "robots", content: "noindex" }];

/** Every path no other route claims. */
export function loader({ request }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  logger.warn({ path: pathname }, "page not found");
  return data({ path: pathname }, { status: 404 });
}

export default function NotFound({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center gap-4 px-4 py-20 text-center">
      <p className="text-sm font-semibold text-primary">404</p>
      <h1 className="text-3xl font-bold tracking-tight">Oops! Page not found</h1>
      <p className="text-muted-foreground">
        Nothing lives at <code className="rounded bg-muted px-1.5 py-0.5 text-sm">{loaderData.path}</code>. It may have moved, or the link may be mistyped.
      </p>
      <Link to="/" className="rounded-md bg-primary px-4 py-2 font-medium text-primary-foreground">
        Return to Home
      </Link>
    </section>
  );
}
