import { isRouteErrorResponse, Link } from "react-router";
import { ShieldAlert } from "lucide-react";
import { Button } from "~/components/ui/button";
import { useSiteSettings } from "~/components/use-site-settings";

type AccessDenied = { accessDenied: true; user: string; role: string; isAdmin: boolean };

function accessDeniedOf(error: unknown): AccessDenied | null {
  if (!isRouteErrorResponse(error) || error.status !== 403) return null;
  const data = error.data as Partial<AccessDenied> | null;
  return data && data.accessDenied ? (data as AccessDenied) : null;
}

/** The spec's Access Denied page, with the debug info the old app showed (user, role, is-admin). */
export function AccessDeniedPage({ denied }: { denied: AccessDenied }) {
  const { schoolName } = useSiteSettings();
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <title>{`Access Denied | ${schoolName}`}</title>
      <ShieldAlert aria-hidden="true" className="size-10 text-destructive" />
      <h1 className="text-3xl font-bold tracking-tight">Access Denied</h1>
      <p className="text-muted-foreground">You need admin privileges to access this page.</p>
      <dl
        aria-label="Debug info"
        className="grid w-full max-w-sm grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-md border border-border bg-muted p-4 text-left text-sm"
      >
        <dt className="font-medium">User</dt>
        <dd className="break-all">{denied.user}</dd>
        <dt className="font-medium">Role</dt>
        <dd>{denied.role}</dd>
        <dt className="font-medium">Is admin</dt>
        <dd>{denied.isAdmin ? "true" : "false"}</dd>
      </dl>
      <div className="flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link to="/">Go to home</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/account">Your account</Link>
        </Button>
      </div>
    </main>
  );
}

/**
 * What every admin route's ErrorBoundary shows: Access Denied for the guard's 403, a not-found
 * message for a 404 (e.g. 'Post not found'), and a plain failure otherwise.
 */
export function AdminError({ error, notFound }: { error: unknown; notFound?: { title: string; backTo: string; backLabel: string } }) {
  const { schoolName } = useSiteSettings();
  const denied = accessDeniedOf(error);
  if (denied) return <AccessDeniedPage denied={denied} />;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const title = status === 404 ? (notFound?.title ?? "Page not found") : "Something went wrong";
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
      <title>{`${title} | ${schoolName}`}</title>
      <p className="text-sm font-semibold text-primary">{status}</p>
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      {status !== 404 && <p className="text-muted-foreground">An unexpected error occurred. Please try again in a moment.</p>}
      <Button asChild variant="outline">
        <Link to={notFound?.backTo ?? "/admin"}>{notFound?.backLabel ?? "Back to the dashboard"}</Link>
      </Button>
    </section>
  );
}
