import type { ReactNode } from "react";
import { Link } from "react-router";

/**
 * A page's own not-found or error screen, inside the site's layout: the status when it helps, the
 * heading, one sentence, and the ways on (links or buttons) as children.
 */
export function ErrorScreen({ status, title, detail, children }: { status?: number; title: string; detail: ReactNode; children?: ReactNode }) {
  return (
    <section className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center gap-4 px-4 py-20 text-center">
      {status ? <p className="text-sm font-semibold text-primary">{status}</p> : null}
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      <p className="text-muted-foreground">{detail}</p>
      {children}
    </section>
  );
}

/** The way back from a page that is not there. */
export function HomeLink() {
  return (
    <Link to="/" className="rounded-md bg-primary px-4 py-2 font-medium text-primary-foreground">
      Return to Home
    </Link>
  );
}
