import { Form, Link, useNavigation } from "react-router";
import { Mail, RotateCcw, Search } from "lucide-react";
import type { Route } from "./+types/system";
import { AdminError } from "~/components/admin/admin-error";
import { useToastOnce } from "~/components/use-toast-once";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { EmptyState } from "~/components/ui/empty-state";
import { Input } from "~/components/ui/input";
import { Pagination } from "~/components/ui/pagination";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { isOneOf, MAIL_KIND_LABELS, MAIL_KINDS, MAIL_STATUS_LABELS, MAIL_STATUSES } from "~/lib/domain-values";
import { JOB_QUEUE_LABELS, JOB_QUEUES } from "~/lib/job-queues";
import { adminMeta } from "~/lib/seo";
import { formatDateTime } from "~/lib/dates";
import type { Toast } from "~/lib/toast";
import { requireSuperAdmin } from "~/server/auth/guards.server";
import { failedJobs, queueCounts } from "~/server/jobs/queue.server";
import { logger } from "~/server/logger.server";
import { listMailLog } from "~/server/mail/mail-queue.server";
import { newToast } from "~/server/toast.server";
import { MAIL_LOG_MAX_QUERY_LENGTH, SYSTEM_MESSAGES } from "./system-form";
import { systemAction } from "./system.server";

export const meta: Route.MetaFunction = (args) => adminMeta(args, SYSTEM_MESSAGES.title);

function parseFilters(params: URLSearchParams) {
  const q = (params.get("q") ?? "").trim().slice(0, MAIL_LOG_MAX_QUERY_LENGTH);
  const page = Math.max(1, Math.min(10_000, Number.parseInt(params.get("page") ?? "1", 10) || 1));
  return { q, page };
}

const hrefFor = ({ q, page }: { q: string; page: number }) => {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return `/admin/system${search ? `?${search}` : ""}#mail-log`;
};

export async function loader({ request, context }: Route.LoaderArgs) {
  requireSuperAdmin({ request, context });
  const filters = parseFilters(new URL(request.url).searchParams);
  try {
    const [queues, failed, mail] = await Promise.all([
      queueCounts(),
      failedJobs({ limit: 50 }),
      listMailLog({ search: filters.q, page: filters.page }),
    ]);
    return {
      filters,
      queues,
      failed: failed.map((job) => ({ ...job, failedAt: job.failedAt?.toISOString() ?? null })),
      mail: {
        ...mail,
        rows: mail.rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString(), sentAt: row.sentAt?.toISOString() ?? null })),
      },
      error: null as Toast | null,
    };
  } catch (error) {
    logger.error({ err: error }, "system screen failed");
    return {
      filters,
      queues: [],
      failed: [],
      mail: { rows: [], total: 0, page: 1, pageSize: 25 },
      error: newToast({ kind: "error", message: SYSTEM_MESSAGES.fetchFailed }),
    };
  }
}

export function action({ request, context }: Route.ActionArgs) {
  return systemAction({ request, context });
}

const when = (iso: string | null) => (iso ? `${formatDateTime(iso)} UTC` : "—");
const queueLabel = (name: string) => (isOneOf(JOB_QUEUES, name) ? JOB_QUEUE_LABELS[name] : name);

export default function AdminSystem({ loaderData }: Route.ComponentProps) {
  const { queues, failed, mail, filters, error } = loaderData;
  useToastOnce(error);
  const navigation = useNavigation();
  const pageCount = Math.max(1, Math.ceil(mail.total / mail.pageSize));

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
            <Table aria-label="Failed jobs">
              <TableHeader>
                <TableRow>
                  <TableHead scope="col">Queue</TableHead>
                  <TableHead scope="col">Error</TableHead>
                  <TableHead scope="col" className="text-right">
                    Attempts
                  </TableHead>
                  <TableHead scope="col">Failed</TableHead>
                  <TableHead scope="col">
                    <span className="sr-only">Actions</span>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {failed.map((job) => {
                  const retrying = navigation.state !== "idle" && navigation.formData?.get("id") === job.id;
                  return (
                    <TableRow key={job.id}>
                      <TableCell>
                        <span className="font-medium">{queueLabel(job.name)}</span>
                        <span className="block font-mono text-xs text-muted-foreground">{job.id.slice(0, 8)}</span>
                      </TableCell>
                      <TableCell className="max-w-md break-words text-sm">{job.error || "—"}</TableCell>
                      <TableCell className="text-right tabular-nums">{job.attempts}</TableCell>
                      <TableCell className="whitespace-nowrap text-sm">{when(job.failedAt)}</TableCell>
                      <TableCell className="text-right">
                        <Form method="post">
                          <input type="hidden" name="intent" value="retry" />
                          <input type="hidden" name="queue" value={job.name} />
                          <input type="hidden" name="id" value={job.id} />
                          <Button
                            type="submit"
                            size="sm"
                            variant="outline"
                            disabled={retrying}
                            aria-label={`Retry ${job.name} job ${job.id.slice(0, 8)}`}
                          >
                            <RotateCcw aria-hidden="true" /> Retry
                          </Button>
                        </Form>
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>

      <section aria-labelledby="mail-log" className="grid gap-4">
        <div>
          <h2 id="mail-log" className="text-lg font-semibold">
            Mail log
          </h2>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {mail.total.toLocaleString("en-US")} {mail.total === 1 ? "message" : "messages"}
            {filters.q ? ` to addresses matching “${filters.q}”` : ""}
          </p>
        </div>
        <Form method="get" role="search" className="flex flex-wrap items-end gap-2">
          <div className="grid min-w-0 flex-1 basis-64 gap-1.5">
            <label htmlFor="mail-search" className="text-sm font-medium">
              Search by address
            </label>
            <Input
              key={filters.q}
              id="mail-search"
              type="search"
              name="q"
              defaultValue={filters.q}
              maxLength={MAIL_LOG_MAX_QUERY_LENGTH}
              placeholder="ann@example.com"
            />
          </div>
          <Button type="submit" variant="outline">
            <Search aria-hidden="true" /> Search
          </Button>
        </Form>
        {mail.rows.length === 0 ? (
          <EmptyState
            icon={<Mail />}
            title={filters.q ? "No messages to matching addresses." : "No mail sent yet."}
            action={
              filters.q ? (
                <Button asChild variant="outline">
                  <Link to="/admin/system">Clear the search</Link>
                </Button>
              ) : null
            }
          />
        ) : (
          <div className="rounded-xl border border-border bg-card">
            <Table aria-label="Mail log">
              <TableHeader>
                <TableRow>
                  <TableHead scope="col">To</TableHead>
                  <TableHead scope="col">Subject</TableHead>
                  <TableHead scope="col">Kind</TableHead>
                  <TableHead scope="col">Status</TableHead>
                  <TableHead scope="col" className="text-right">
                    Attempts
                  </TableHead>
                  <TableHead scope="col">Last error</TableHead>
                  <TableHead scope="col">Time</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {mail.rows.map((row) => (
                  <TableRow key={row.id}>
                    <TableCell className="break-all">{row.to}</TableCell>
                    <TableCell>{row.subject}</TableCell>
                    <TableCell className="whitespace-nowrap">
                      {isOneOf(MAIL_KINDS, row.kind) ? MAIL_KIND_LABELS[row.kind] : row.kind}
                    </TableCell>
                    <TableCell>
                      <Badge variant={row.status === "failed" ? "destructive" : row.status === "sent" ? "secondary" : "outline"}>
                        {isOneOf(MAIL_STATUSES, row.status) ? MAIL_STATUS_LABELS[row.status] : row.status}
                      </Badge>
                    </TableCell>
                    <TableCell className="text-right tabular-nums">{row.attempts}</TableCell>
                    <TableCell className="max-w-xs break-words text-sm">{row.lastError ?? "—"}</TableCell>
                    <TableCell className="whitespace-nowrap text-sm">{when(row.sentAt ?? row.createdAt)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        )}
        <Pagination
          page={mail.page}
          pageCount={pageCount}
          hrefFor={(page) => hrefFor({ q: filters.q, page })}
          aria-label="Mail log pages"
        />
      </section>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
