import { Award, Download } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";

export type AccountCertificate = { id: string; number: string; courseTitle: string; issuedOn: string; revoked: boolean };

/** The account's "Certificates": one row per completed course that gives one, with its page and PDF. */
export function AccountCertificates({ certificates }: { certificates: AccountCertificate[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Certificates</h2>
        </CardTitle>
        <CardDescription>Certificates of completion for the courses you finished.</CardDescription>
      </CardHeader>
      <CardContent>
        {certificates.length === 0 ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Award aria-hidden="true" className="size-4" /> Finish every lesson of a course to earn its certificate.
          </p>
        ) : (
          <ul className="grid gap-3">
            {certificates.map((certificate) => (
              <li key={certificate.id} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border p-4">
                <div className="min-w-0">
                  <p className="font-medium">{certificate.courseTitle}</p>
                  <p className="text-sm text-muted-foreground">
                    Issued {certificate.issuedOn} · <span className="font-mono">{certificate.number}</span>
                  </p>
                </div>
                <div className="flex flex-wrap items-center gap-2">
                  {certificate.revoked ? (
                    <Badge variant="destructive">Revoked</Badge>
                  ) : (
                    <>
                      <Button asChild variant="outline" size="sm">
                        <Link to={`/certificates/${certificate.id}`} aria-label={`View certificate for “${certificate.courseTitle}”`}>
                          View
                        </Link>
                      </Button>
                      <Button asChild size="sm">
                        <a href={`/certificates/${certificate.id}/pdf`} download aria-label={`Download certificate for “${certificate.courseTitle}” (PDF)`}>
                          <Download aria-hidden="true" /> PDF
                        </a>
                      </Button>
                    </>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
