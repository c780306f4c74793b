import { Form, Link, useNavigation } from "react-router";
import { Mail, RotateCcw } from "lucide-react";
import type { Route } from "./+types/system";
import { AdminError } from "~/components/admin/admin-error";
import { AdminListTable, type AdminListColumn } from "~/components/admin/list/admin-list-table";
import { RowActions } from "~/components/admin/list/row-actions";
import { ListSearchForm } from "~/components/list-search-form";
import { useToastOnce } from "~/components/use-toast-once";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { EmptyState } from "~/components/ui/empty-state";
import { Pagination } from "~/components/ui/pagination";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { isOneOf, MAIL_KIND_LABELS, MAIL_KINDS, MAIL_STATUS_LABELS, MAIL_STATUSES } from "~/lib/domain-values";
import { JOB_QUEUE_LABELS, JOB_QUEUES } from "~/lib/job-queues";
import { adminMeta } from "~/lib/seo";
import { formatDateTime } from "~/lib/dates";

import { cn } from "~/lib/utils";

import { MAIL_LOG_MAX_QUERY_LENGTH, mailLogUrl, SYSTEM_MESSAGES } from "./system-form";
export { loader, action } from "./system.server";

export const meta: Route.MetaFunction = (args) => adminMeta(args, SYSTEM_MESSAGES.title);

const when = (iso: string | null) => (iso ? `${formatDateTime(iso)} UTC` : "—");
const queueLabel = (name: string) => (isOneOf(JOB_QUEUES, name) ? JOB_QUEUE_LABELS[name] : name);

type LoaderData = Route.ComponentProps["loaderData"];
type FailedJob = LoaderData["failed"][number];
type MailRow = LoaderData["mail"]["rows"][number];

const failedColumns: AdminListColumn<FailedJob>[] = [
  {
    header: "Queue",
    cell: (job) => (
      <>
        <span className="font-medium">{queueLabel(job.name)}</span>
        <span className="block font-mono text-xs text-muted-foreground">{job.id.slice(0, 8)}</span>
      </>
    ),
  },
  { header: "Error", className: "max-w-md break-words text-sm", cell: (job) => job.error || "—" },
  { header: "Attempts", align: "right", className: "tabular-nums", cell: (job) => job.attempts },
  { header: "Failed", className: "whitespace-nowrap text-sm", cell: (job) => when(job.failedAt) },
];

const mailColumns: AdminListColumn<MailRow>[] = [
  { header: "To", className: "break-all", cell: (row) => row.to },
  { header: "Subject", cell: (row) => row.subject },
  {
    header: "Kind",
    className: "whitespace-nowrap",
    cell: (row) => (isOneOf(MAIL_KINDS, row.kind) ? MAIL_KIND_LABELS[row.kind] : row.kind),
  },
  {
    header: "Status",
    cell: (row) => (
      <Badge variant={row.status === "failed" ? "destructive" : row.status === "sent" ? "secondary" : "outline"}>
        {isOneOf(MAIL_STATUSES, row.status) ? MAIL_STATUS_LABELS[row.status] : row.status}
      </Badge>
    ),
  },
  { header: "Attempts", align: "right", className: "tabular-nums", cell: (row) => row.attempts },
  { header: "Last error", className: "max-w-xs break-words text-sm", cell: (row) => row.lastError ?? "—" },
  { header: "Time", className: "whitespace-nowrap text-sm", cell: (row) => when(row.sentAt ?? row.createdAt) },
];

/** Retry on a failed job: a plain form posting to the screen's action, which redirects back with a toast. */
function RetryJobButton({ job }: { job: FailedJob }) {
  const navigation = useNavigation();
  const retrying = navigation.state !== "idle" && navigation.formData?.get("id") === job.id;
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="retry" />
      <input type="hidden" name="queue" value={job.name} />
      <input type="hidden" name="id" value={job.id} />
      <Button type="submit" size="sm" variant="outline" disabled={retrying} aria-label={`Retry ${job.name} job ${job.id.slice(0, 8)}`}>
        <RotateCcw aria-hidden="true" /> Retry
      </Button>
    </Form>
  );
}

export default function AdminSystem({ loaderData }: Route.ComponentProps) {
  const { queues, failed, mail } = loaderData;
  const { filters } = mail;
  // Both parts say the same when they cannot be read; one message is enough.
  const error = loaderData.error ?? mail.error;
  useToastOnce(error);
  const navigation = useNavigation();
  const busy = navigation.state === "loading" && navigation.location.pathname === mailLogUrl.path;

  return (
    <div className="grid grid-cols-1 gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{SYSTEM_MESSAGES.title}</h1>
        <p className="text-sm text-muted-foreground">
          Background jobs: mail delivery and the schedules, with what failed and the mail log.
        </p>
      </div>

      {error ? (
        <p role="alert" className="rounded-md border border-destructive/30 bg-background p-4 text-sm text-destructive">
          {error.message}
        </p>
      ) : null}

      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Queues</h2>
          </CardTitle>
          <CardDescription>Waiting includes jobs waiting to retry; completed includes archived jobs.</CardDescription>
        </CardHeader>
        <CardContent>
          <Table aria-label="Queues">
            <TableHeader>
              <TableRow>
                <TableHead scope="col">Queue</TableHead>
                <TableHead scope="col" className="text-right">
                  Waiting
                </TableHead>
                <TableHead scope="col" className="text-right">
                  Active
                </TableHead>
                <TableHead scope="col" className="text-right">
                  Failed
                </TableHead>
                <TableHead scope="col" className="text-right">
                  Completed
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {queues.map((queue) => (
                <TableRow key={queue.name}>
                  <TableCell>
                    <span className="font-medium">{queueLabel(queue.name)}</span>{" "}
                    <span className="text-xs text-muted-foreground">({queue.name})</span>
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{queue.waiting}</TableCell>
                  <TableCell className="text-right tabular-nums">{queue.active}</TableCell>
                  <TableCell className="text-right tabular-nums">{queue.failed}</TableCell>
                  <TableCell className="text-right tabular-nums">{queue.completed}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Failed jobs</h2>
          </CardTitle>
          <CardDescription>Jobs that ran out of attempts, newest first. Retry gives a job one more attempt.</CardDescription>
        </CardHeader>
        <CardContent>
          {failed.length === 0 ? (
            <p className="text-sm text-muted-foreground">No failed jobs.</p>
          ) : (
            <AdminListTable
              label="Failed jobs"
              columns={failedColumns}
              rows={failed}
              rowKey={(job) => job.id}
              rowActions={(job) => (
                <RowActions>
                  <RetryJobButton job={job} />
                </RowActions>
              )}
            />
          )}
        </CardContent>
      </Card>

      <section aria-labelledby="mail-log" className="grid grid-cols-1 gap-4">
        <div>
          <h2 id="mail-log" className="text-lg font-semibold">
            Mail log
          </h2>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {mail.total.toLocaleString("en-US")} {mail.total === 1 ? "message" : "messages"}
            {filters.q ? ` to addresses matching “${filters.q}”` : ""}
          </p>
        </div>
        <ListSearchForm
          id="mail"
          action={mailLogUrl.path}
          searchLabel="Search by address"
          placeholder="ann@example.com"
          maxLength={MAIL_LOG_MAX_QUERY_LENGTH}
          query={filters.q}
          hrefFor={(fields) => mailLogUrl.hrefFromForm(filters, fields)}
        />
        <div aria-busy={busy} className={cn("grid grid-cols-1 gap-4 transition-opacity", busy && "opacity-60")}>
          {mail.rows.length === 0 ? (
            <EmptyState
              icon={<Mail />}
              title={filters.q ? "No messages to matching addresses." : "No mail sent yet."}
              action={
                filters.q ? (
                  <Button asChild variant="outline">
                    <Link to={mailLogUrl.path}>Clear the search</Link>
                  </Button>
                ) : null
              }
            />
          ) : (
            <div className="rounded-xl border border-border bg-card">
              <AdminListTable label="Mail log" columns={mailColumns} rows={mail.rows} rowKey={(row) => row.id} />
            </div>
          )}
          <Pagination
            page={filters.page}
            pageCount={mail.pageCount}
            hrefFor={(page) => `${mailLogUrl.href(filters, { page })}#mail-log`}
            aria-label="Mail log pages"
          />
        </div>
      </section>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
