import { isRouteErrorResponse, Outlet, useRouteLoaderData, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/site-layout";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { useSiteSettings } from "~/components/use-site-settings";
import { ErrorScreen, HomeLink } from "~/components/error-screen";
import type { loader } from "./site-layout.server";
export { loader } from "./site-layout.server";

/** The menu hardly changes: reload it after a form submission, not on every link or filter. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod && formMethod !== "GET" ? defaultShouldRevalidate : false;
}

function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only focus:not-sr-only focus:absolute focus:top-4 focus:left-4 focus:z-50 focus:rounded-md focus:bg-background focus:px-4 focus:py-2 focus:shadow"
    >
      Skip to content
    </a>
  );
}

/** Header and footer around every public page. */
export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <SkipLink />
      <SiteHeader courses={loaderData.menuCourses} links={loaderData.navigation.header} />
      <main id="main">
        <Outlet />
      </main>
      <SiteFooter navigation={loaderData.navigation} social={loaderData.social} />
    </>
  );
}

/** A page's error inside the site's header and footer, so visitors can find their way on. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const layout = useRouteLoaderData<typeof loader>("routes/site-layout");
  const { schoolName } = useSiteSettings();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const notFound = status === 404;
  const title = notFound ? "Oops! Page not found" : "Something went wrong";
  return (
    <>
      <SkipLink />
      <SiteHeader courses={layout?.menuCourses ?? []} links={layout?.navigation.header} />
      <main id="main">
        <title>{`${title} | ${schoolName}`}</title>
        <ErrorScreen
          status={status}
          title={title}
          detail={
            notFound
              ? "The page you're looking for doesn't exist or has moved."
              : "An unexpected error occurred on our side. Please try again in a moment."
          }
        >
          <HomeLink />
        </ErrorScreen>
      </main>
      <SiteFooter navigation={layout?.navigation} social={layout?.social} />
    </>
  );
}
