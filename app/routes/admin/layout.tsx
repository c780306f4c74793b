import { Link, Outlet, useMatches, useNavigation } from "react-router";
import type { Route } from "./+types/layout";
import { adminMeta } from "~/lib/seo";
import { AdminError } from "~/components/admin/admin-error";
import { BookOpen } from "lucide-react";
import { AdminSidebar } from "~/components/admin/admin-sidebar";
import { Spinner } from "~/components/ui/spinner";
import { useSiteSettings } from "~/components/use-site-settings";
import { cn } from "~/lib/utils";
export { loader } from "./layout.server";

export const meta: Route.MetaFunction = (args) => adminMeta(args);

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const { schoolName } = useSiteSettings();
  const loading = navigation.state === "loading" && navigation.location.pathname.startsWith("/admin") && !navigation.formMethod;
  // A screen with a side menu of its own (the course builder, §2) takes the whole width.
  const ownSideMenu = useMatches().some((match) => (match.handle as { ownSideMenu?: boolean } | undefined)?.ownSideMenu);
  return (
    <div className="min-h-screen bg-muted">
      <a
        href="#admin-main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-4 focus:left-4 focus:z-50 focus:rounded-md focus:bg-background focus:px-4 focus:py-2"
      >
        Skip to content
      </a>
      <header className="border-b border-border bg-background">
        <div className="mx-auto flex h-14 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
          <Link to={loaderData.inboxOnly ? "/admin/discussions" : "/admin"} className="flex items-center gap-2 font-bold tracking-tight">
            <BookOpen aria-hidden="true" className="size-5 text-primary" />
            <span>{schoolName} Admin</span>
          </Link>
          <div className="flex min-w-0 items-center gap-4 text-sm">
            <span className="hidden truncate text-muted-foreground sm:inline">{loaderData.admin.email}</span>
            <Link to="/" className="font-medium text-primary underline-offset-4 hover:underline">
              View site
            </Link>
          </div>
        </div>
      </header>
      <div
        className={cn("mx-auto grid max-w-7xl grid-cols-1 gap-6 px-4 py-6 sm:px-6", !ownSideMenu && "md:grid-cols-[12rem_minmax(0,1fr)]")}
      >
        {ownSideMenu ? null : (
          <aside>
            <AdminSidebar role={loaderData.admin.role} inboxOnly={loaderData.inboxOnly} />
          </aside>
        )}
        <main id="admin-main" className="min-w-0" aria-busy={loading || undefined}>
          {loading ? (
            <p className="mb-4 flex items-center gap-2 text-sm text-muted-foreground" role="status">
              <Spinner label={false} /> Loading...
            </p>
          ) : null}
          <Outlet />
        </main>
      </div>
    </div>
  );
}

/** 'Access Denied' (HTTP 403 from requireAdmin) for a signed-in non-admin, or any other failure. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
