import { Award } from "lucide-react";
import { Link, useFetcher } from "react-router";
import { AdminListTable, type AdminListColumn } from "~/components/admin/list/admin-list-table";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { ConfirmButton } from "~/components/ui/confirm-button";
import { EmptyState } from "~/components/ui/empty-state";
import { useAnswerToast } from "~/components/use-toast-once";

export type UserCertificateRow = { id: string; number: string; courseTitle: string; issuedOn: string; revokedOn: string | null };

const columns: AdminListColumn<UserCertificateRow>[] = [
  {
    header: "Course",
    className: "max-w-[12rem] sm:max-w-sm",
    cell: (certificate) => (
      <div className="grid gap-0.5">
        <Link to={`/certificates/${certificate.id}`} className="font-medium hover:underline">
          {certificate.courseTitle}
        </Link>
        <span className="font-mono text-xs text-muted-foreground">{certificate.number}</span>
      </div>
    ),
  },
  { header: "Issued", from: "sm", className: "whitespace-nowrap", cell: (certificate) => certificate.issuedOn },
  {
    header: "Status",
    cell: (certificate) =>
      certificate.revokedOn ? <Badge variant="destructive">Revoked {certificate.revokedOn}</Badge> : <Badge variant="success">Valid</Badge>,
  },
];

/** Revoke, after a dialog that says what happens; posts `{ intent: "revoke-certificate", certificateId }`. */
function RevokeCertificateButton({ certificate }: { certificate: UserCertificateRow }) {
  const fetcher = useFetcher();
  useAnswerToast(fetcher.data);
  if (certificate.revokedOn) return null;
  return (
    <ConfirmButton
      trigger={
        <Button
          type="button"
          variant="outline"
          size="sm"
          loading={fetcher.state !== "idle"}
          aria-label={`Revoke certificate for “${certificate.courseTitle}”`}
        >
          Revoke
        </Button>
      }
      title={`Revoke certificate ${certificate.number}?`}
      description="Its public page will say it was revoked and its PDF can no longer be downloaded. The revoke is recorded in the history below. This cannot be undone."
      confirmLabel="Revoke certificate"
      onConfirm={() => fetcher.submit({ intent: "revoke-certificate", certificateId: certificate.id }, { method: "post" })}
    />
  );
}

const revokeAction = (certificate: UserCertificateRow) => <RevokeCertificateButton certificate={certificate} />;

/** The user page's certificates of completion, each with Revoke. */
export function UserCertificates({ email, certificates }: { email: string; certificates: UserCertificateRow[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Certificates</h2>
        </CardTitle>
        <CardDescription>Issued when this person completed every lesson of a course that gives certificates.</CardDescription>
      </CardHeader>
      <CardContent>
        {certificates.length === 0 ? (
          <EmptyState icon={<Award />} titleAs="p" title="No certificates yet." className="py-8" />
        ) : (
          <AdminListTable
            label={`Certificates of ${email}`}
            columns={columns}
            rows={certificates}
            rowKey={(row) => row.id}
            rowActions={revokeAction}
          />
        )}
      </CardContent>
    </Card>
  );
}
