import { isRouteErrorResponse, Link } from "react-router";
import { BadgeCheck, CircleX, Download } from "lucide-react";
import type { Route } from "./+types/certificate";
import { Button } from "~/components/ui/button";

import { siteTitle } from "~/lib/seo";

import { ErrorScreen } from "~/components/error-screen";
export { loader } from "./certificate.server";

export function headers() {
  return { "Cache-Control": "private, no-cache", "X-Robots-Tag": "noindex" };
}

export const meta: Route.MetaFunction = (args) => [
  { title: siteTitle(args, args.loaderData ? `Certificate ${args.loaderData.number}` : "Certificate not found") },
  { name: "robots", content: "noindex" },
];

export default function CertificatePage({ loaderData }: Route.ComponentProps) {
  const certificate = loaderData;
  const valid = certificate.revokedOn === null;
  return (
    <section className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-16 sm:px-6">
      <div className={valid ? "flex items-center gap-3 text-success" : "flex items-center gap-3 text-destructive"}>
        {valid ? <BadgeCheck aria-hidden="true" className="size-8" /> : <CircleX aria-hidden="true" className="size-8" />}
        <h1 className="text-3xl font-bold tracking-tight text-foreground">{valid ? "Valid certificate" : "Revoked certificate"}</h1>
      </div>
      <p className="text-muted-foreground">
        {valid
          ? "This certificate of completion was issued by this school and is valid."
          : `This certificate was revoked on ${certificate.revokedOn} and is no longer valid.`}
      </p>
      <dl className="grid gap-4 rounded-lg border bg-card p-6 sm:grid-cols-[max-content_1fr] sm:gap-x-8">
        <dt className="text-sm font-medium text-muted-foreground">Awarded to</dt>
        <dd className="text-lg font-semibold">{certificate.learnerName}</dd>
        <dt className="text-sm font-medium text-muted-foreground">Course</dt>
        <dd>
          {certificate.courseSlug ? (
            <Link to={`/courses/${certificate.courseSlug}`} className="font-medium hover:underline">
              {certificate.courseTitle}
            </Link>
          ) : (
            certificate.courseTitle
          )}
        </dd>
        <dt className="text-sm font-medium text-muted-foreground">Issued</dt>
        <dd>{certificate.issuedOn}</dd>
        <dt className="text-sm font-medium text-muted-foreground">Certificate number</dt>
        <dd className="font-mono">{certificate.number}</dd>
      </dl>
      {valid && (
        <div>
          <Button asChild variant="outline">
            <a href={`/certificates/${certificate.id}/pdf`} download>
              <Download aria-hidden="true" /> Download PDF
            </a>
          </Button>
        </div>
      )}
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return notFound ? (
    <ErrorScreen title="Certificate not found" detail="No certificate has this address. Check the link you were given." />
  ) : (
    <ErrorScreen title="Something went wrong" detail="Please try again in a moment." />
  );
}
