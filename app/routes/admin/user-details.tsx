import { PaymentPlansList } from "~/components/payments/payment-plans-list";
import { Link, useFetcher } from "react-router";

import { ArrowLeft, GraduationCap, Receipt } from "lucide-react";
import type { Route } from "./+types/user-details";
import { AdminError } from "~/components/admin/admin-error";
import { MembershipSummary } from "~/components/admin/membership-summary";
import { AdminListTable } from "~/components/admin/list/admin-list-table";
import { orderColumns, orderRefundAction, StripeRefundNote } from "~/components/admin/order-columns";

import { RoleBadge } from "~/components/admin/role-badge";
import { UserCertificates } from "~/components/admin/user-certificates";
import { courseAccessAction, courseAccessColumns } from "~/components/admin/user-course-access";
import { UserHistory } from "~/components/admin/user-history";
import { UserQuizAttempts } from "~/components/admin/user-quiz-attempts";
import { useAnswerToast, useToastOnce } from "~/components/use-toast-once";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { EmptyState } from "~/components/ui/empty-state";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/select";
import { ROLE_LABELS } from "~/lib/domain-values";
import { ORDER_MESSAGES } from "~/lib/order-list-filters";
import { adminMeta } from "~/lib/seo";

import { USER_MESSAGES } from "~/lib/user-messages";

import type { action } from "./user-details.server";
export { loader, action } from "./user-details.server";

export const meta: Route.MetaFunction = (args) =>
  adminMeta(args, `${args.loaderData ? args.loaderData.user.email : USER_MESSAGES.notFound} | Users`);

type LoaderData = Route.ComponentProps["loaderData"];

const userOrderColumns = orderColumns({ showBuyer: false });

function RoleForm({ user, role }: { user: LoaderData["user"]; role: LoaderData["role"] }) {
  const fetcher = useFetcher<typeof action>();
  useAnswerToast(fetcher.data);
  const locked = role.options.length <= 1;
  return (
    <fetcher.Form method="post" className="grid gap-3">
      <input type="hidden" name="intent" value="role" />
      <div className="flex flex-wrap items-end gap-2">
        <div className="grid gap-1.5">
          <label htmlFor="user-role" className="text-sm font-medium">
            Role
          </label>
          {/* Keyed by the saved role, so the menu shows it again after a change or a refusal. */}
          <NativeSelect
            key={user.role}
            id="user-role"
            name="role"
            defaultValue={user.role}
            disabled={locked}
            className="w-44"
            aria-describedby={role.notes.length > 0 ? "user-role-notes" : undefined}
          >
            {(locked ? [user.role] : role.options).map((option) => (
              <option key={option} value={option}>
                {ROLE_LABELS[option]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <Button type="submit" variant="outline" loading={fetcher.state !== "idle"} disabled={locked}>
          Change role
        </Button>
      </div>
      {role.notes.length > 0 ? (
        <ul id="user-role-notes" className="grid gap-1 text-sm text-muted-foreground">
          {role.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      ) : null}
    </fetcher.Form>
  );
}

export default function UserDetails({ loaderData, actionData }: Route.ComponentProps) {
  const { user, role, courses, accessError, history, payments, certificates } = loaderData;
  useToastOnce(accessError);
  // Without JavaScript the forms post to this page, and the answer's toast is shown here.
  useAnswerToast(actionData);

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="grid gap-2">
        <Link to="/admin/users" className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
          <ArrowLeft aria-hidden="true" className="size-4" /> Back to users
        </Link>
        <h1 className="truncate text-2xl font-bold tracking-tight">{user.name || user.email}</h1>
      </div>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2>User Information</h2>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-6 gap-y-3 text-sm">
              <dt className="text-muted-foreground">Email</dt>
              <dd className="break-all">
                {user.email}
                {user.emailVerified ? null : <span className="ml-2 text-xs text-muted-foreground">(not confirmed)</span>}
              </dd>
              <dt className="text-muted-foreground">Full name</dt>
              <dd className="break-words">{user.name || "—"}</dd>
              <dt className="text-muted-foreground">Role</dt>
              <dd>
                <RoleBadge role={user.role} />
                {user.isYou ? <span className="ml-2 text-xs text-muted-foreground">(you)</span> : null}
              </dd>
              <dt className="text-muted-foreground">Member since</dt>
              <dd>{user.memberSince}</dd>
              <dt className="text-muted-foreground">Last seen</dt>
              <dd>{user.lastSeen ?? "Never"}</dd>
            </dl>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2>Role</h2>
            </CardTitle>
            <CardDescription>Admins and super admins can open this back office. Every change is recorded below.</CardDescription>
          </CardHeader>
          <CardContent>
            <RoleForm user={user} role={role} />
          </CardContent>
        </Card>
      </div>

      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Course Access</h2>
          </CardTitle>
          <CardDescription>Published courses this person can or cannot open.</CardDescription>
        </CardHeader>
        <CardContent>
          {accessError ? (
            <p role="alert" className="rounded-md border border-destructive/30 bg-background p-4 text-sm text-destructive">
              {accessError.message}
            </p>
          ) : courses.length === 0 ? (
            <EmptyState icon={<GraduationCap />} title={USER_MESSAGES.noPublishedCourses} titleAs="h3" />
          ) : (
            <AdminListTable
              label="Course access"
              columns={courseAccessColumns}
              rows={courses}
              rowKey={(course) => course.courseId}
              rowActions={courseAccessAction}
            />
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Orders and membership</h2>
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-6">
          {payments === null ? (
            <p role="alert" className="rounded-md border border-destructive/30 bg-background p-4 text-sm text-destructive">
              {ORDER_MESSAGES.userOrdersFailed}
            </p>
          ) : (
            <>
              <section aria-labelledby="user-membership" className="grid gap-3">
                <h3 id="user-membership" className="text-sm font-semibold">
                  Membership
                </h3>
                {payments.membership ? (
                  <MembershipSummary membership={payments.membership} />
                ) : (
                  <p className="text-sm text-muted-foreground">{ORDER_MESSAGES.noMembership}</p>
                )}
              </section>
              {payments.paymentPlans.length > 0 ? (
                <section aria-labelledby="user-payment-plans" className="grid gap-3">
                  <h3 id="user-payment-plans" className="text-sm font-semibold">
                    Payment plans
                  </h3>
                  <PaymentPlansList plans={payments.paymentPlans} controls />
                </section>
              ) : null}
              <section aria-labelledby="user-orders" className="grid gap-3">
                <h3 id="user-orders" className="text-sm font-semibold">
                  Orders
                </h3>
                {payments.orders.length === 0 ? (
                  <EmptyState icon={<Receipt />} titleAs="p" title={ORDER_MESSAGES.userNone} className="py-8" />
                ) : (
                  <>
                    <AdminListTable
                      label={`Orders of ${user.email}`}
                      columns={userOrderColumns}
                      rows={payments.orders}
                      rowKey={(order) => order.id}
                      rowActions={orderRefundAction}
                    />
                    <StripeRefundNote orders={payments.orders} />
                    {payments.total > payments.orders.length ? (
                      <p className="text-sm text-muted-foreground">
                        The latest {payments.orders.length} of {payments.total.toLocaleString("en-US")} orders.{" "}
                        <Link to={payments.allOrdersHref} className="font-medium text-foreground underline-offset-4 hover:underline">
                          See them all in Orders
                        </Link>
                      </p>
                    ) : null}
                  </>
                )}
              </section>
            </>
          )}
        </CardContent>
      </Card>

      <UserCertificates email={user.email} certificates={certificates} />

      <UserQuizAttempts email={user.email} attempts={loaderData.quizAttempts} />

      <UserHistory history={history} />

      <DataExportCard email={user.email} dataExport={loaderData.dataExport} />

      <DeleteAccountCard email={user.email} />
    </div>
  );
}

/** At the person's request (audited): the queue builds their ZIP and e-mails them the link; only they can download it. */
function DataExportCard({ email, dataExport }: { email: string; dataExport: Route.ComponentProps["loaderData"]["dataExport"] }) {
  const fetcher = useFetcher<typeof action>();
  useAnswerToast(fetcher.data);
  const preparing = dataExport?.status === "preparing";
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Copy of their data</h2>
        </CardTitle>
        <CardDescription>
          At the person&apos;s request: a ZIP of their profile, orders, courses, progress, quiz attempts, certificates, reviews and
          discussion posts, e-mailed to them as a link valid 7 days that only they can open.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <p role="status">
          {!dataExport
            ? "No copy asked for yet."
            : preparing
              ? `Being prepared (asked ${dataExport.requestedAt}).`
              : dataExport.status === "failed"
                ? "The last copy could not be prepared."
                : dataExport.expired
                  ? `The last copy expired on ${dataExport.expiresAt}.`
                  : `The last copy was sent; its link works until ${dataExport.expiresAt}.`}
        </p>
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="request-data-export" />
          <Button
            type="submit"
            variant="outline"
            className="h-auto min-h-10 whitespace-normal break-all"
            disabled={preparing}
            loading={fetcher.state !== "idle"}
          >
            Send {email} a copy of their data
          </Button>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}

/** At the person's request: typing their e-mail confirms; orders are kept without the buyer. */
function DeleteAccountCard({ email }: { email: string }) {
  const fetcher = useFetcher<typeof action>();
  useAnswerToast(fetcher.data);
  return (
    <Card className="border-destructive/40">
      <CardHeader>
        <CardTitle>
          <h2>Delete this account</h2>
        </CardTitle>
        <CardDescription>
          At the person&apos;s request. Their sessions end, a membership is cancelled at the provider, their courses, progress,
          certificates and reviews are removed, discussion posts stay signed “Former member”, and orders are kept by law without
          their name or e-mail. This cannot be undone.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <fetcher.Form method="post" className="grid max-w-sm gap-2">
          <input type="hidden" name="intent" value="delete-account" />
          <label htmlFor="delete-confirm-email" className="text-sm font-medium break-all">
            Type {email} to confirm
          </label>
          <Input id="delete-confirm-email" name="confirmEmail" required autoComplete="off" />
          {/* A long address wraps rather than widening the page on a phone. */}
          <Button type="submit" variant="destructive" className="h-auto min-h-10 whitespace-normal break-all" loading={fetcher.state !== "idle"}>
            Delete the account of {email}
          </Button>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} notFound={{ title: USER_MESSAGES.notFound, backTo: "/admin/users", backLabel: "Back to users" }} />;
}
