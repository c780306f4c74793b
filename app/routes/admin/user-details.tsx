import { data, Link, useFetcher } from "react-router";
import { formatDate, formatDateTime } from "~/lib/dates";
import { ArrowLeft, GraduationCap, Receipt } from "lucide-react";
import type { Route } from "./+types/user-details";
import { AdminError } from "~/components/admin/admin-error";
import { MembershipSummary, toMembershipView } from "~/components/admin/membership-summary";
import { AdminListTable } from "~/components/admin/list/admin-list-table";
import { orderColumns, orderRefundAction, StripeRefundNote } from "~/components/admin/order-columns";
import { toOrderRow } from "~/components/admin/order-row";
import { RoleBadge } from "~/components/admin/role-badge";
import { UserCertificates } from "~/components/admin/user-certificates";
import { courseAccessAction, courseAccessColumns } from "~/components/admin/user-course-access";
import { UserHistory } from "~/components/admin/user-history";
import { UserQuizAttempts } from "~/components/admin/user-quiz-attempts";
import { useAnswerToast, useToastOnce } from "~/components/use-toast-once";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { EmptyState } from "~/components/ui/empty-state";
import { NativeSelect } from "~/components/ui/select";
import {
  ACCESS_EVENT_LABELS,
  ENROLLMENT_SOURCE_LABELS,
  isOneOf,
  ACCESS_EVENT_TYPES,
  ENROLLMENT_SOURCES,
  ROLE_LABELS,
  ROLES,
} from "~/lib/domain-values";
import { ORDER_MESSAGES, orderListUrl } from "~/lib/order-list-filters";
import { adminMeta } from "~/lib/seo";
import { assignableRoles, canChangeRole, ROLE_CHANGE_REFUSALS } from "~/lib/role-rules";
import type { Toast } from "~/lib/toast";
import { USER_MESSAGES } from "~/lib/user-messages";
import { listAccessHistory, listUserCourseAccess } from "~/server/access/course-access.server";
import { certificateNumber, listUserCertificates } from "~/server/certificates/certificates.server";
import { loadUserDrip } from "~/server/access/drip.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { logger } from "~/server/platform/logger.server";
import { getUserMembership, listUserOrders } from "~/server/payments/admin-orders.server";
import { newToast, redirectWithToast } from "~/server/toast.server";
import { listUserQuizAttempts } from "~/server/quizzes/quiz-stats.server";
import { getAdminUser } from "~/server/users/admin-users.server";
import { countSuperAdmins } from "~/server/users/user-roles.server";
import { userDetailsAction } from "./user-details.server";

export const meta: Route.MetaFunction = (args) =>
  adminMeta(args, `${args.loaderData ? args.loaderData.user.email : USER_MESSAGES.notFound} | Users`);

/** A section that failed to load is logged and shown as failed; the rest of the page still works. */
async function orFailed<T>(what: string, userId: string, read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    logger.error({ err: error, userId, section: what }, "user details section failed");
    return null;
  }
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const admin = requireAdmin({ request, context });
  let found: [Awaited<ReturnType<typeof getAdminUser>>, number];
  try {
    found = await Promise.all([getAdminUser({ userId: params.id }), countSuperAdmins()]);
  } catch (error) {
    logger.error({ err: error, userId: params.id }, "user load failed");
    throw await redirectWithToast("/admin/users", { kind: "error", message: USER_MESSAGES.fetchFailed });
  }
  const [user, superAdminCount] = found;
  if (!user) throw data({ message: USER_MESSAGES.notFound }, { status: 404 });

  const [courses, history, orders, membership, certificates, quizAttempts, drip] = await Promise.all([
    orFailed("course access", user.id, listUserCourseAccess({ userId: user.id })),
    orFailed("history", user.id, listAccessHistory({ userId: user.id })),
    orFailed("orders", user.id, listUserOrders({ userId: user.id })),
    orFailed(
      "membership",
      user.id,
      getUserMembership({ userId: user.id }).then((value) => ({ value })),
    ),
    orFailed("certificates", user.id, listUserCertificates({ userId: user.id })),
    orFailed("quiz attempts", user.id, listUserQuizAttempts({ userId: user.id })),
    orFailed("drip", user.id, loadUserDrip({ userId: user.id })),
  ]);
  const roleArgs = { actor: admin, target: user, superAdminCount };
  const options = assignableRoles(roleArgs);
  // Why a role is missing from the menu, once per reason.
  const notes = [
    ...new Set(
      ROLES.flatMap((newRole) => {
        const decision = canChangeRole({ ...roleArgs, newRole });
        return decision.allowed ? [] : [ROLE_CHANGE_REFUSALS[decision.reason]];
      }),
    ),
  ];

  // Dates are formatted here so the server's and the browser's time zones cannot disagree.
  return {
    user: {
      id: user.id,
      email: user.email,
      name: user.name,
      role: user.role,
      emailVerified: user.emailVerified,
      memberSince: formatDate(user.createdAt),
      lastSeen: user.lastSignInAt ? formatDateTime(user.lastSignInAt) : null,
      isYou: user.id === admin.id,
    },
    role: { options, notes },
    courses: (courses ?? []).map((course) => ({
      courseId: course.courseId,
      title: course.title,
      slug: course.slug,
      status: course.status,
      // A drip course (issue 24): the admin can open every lesson now for this person, once.
      drip: drip?.dripping.has(course.courseId) ? (drip.opened.has(course.courseId) ? ("opened" as const) : ("scheduled" as const)) : null,
      detail:
        course.status === "active"
          ? `Since ${formatDate(course.grantedAt!)}${course.source ? ` · ${ENROLLMENT_SOURCE_LABELS[course.source]}` : ""}`
          : course.status === "revoked" && course.revokedAt
            ? `Revoked ${formatDate(course.revokedAt)}`
            : null,
    })),
    accessError: courses ? null : (newToast({ kind: "error", message: USER_MESSAGES.accessLoadFailed }) as Toast),
    // undefined: the section failed to load (orFailed's null means that there, not "no membership").
    payments:
      orders && membership !== null
        ? {
            orders: orders.orders.map(toOrderRow),
            total: orders.total,
            allOrdersHref: orderListUrl.href({ q: user.email }),
            membership: membership.value ? toMembershipView(membership.value) : null,
          }
        : null,
    certificates: (certificates ?? []).map((certificate) => ({
      id: certificate.id,
      number: certificateNumber(certificate.number),
      courseTitle: certificate.courseTitle,
      issuedOn: formatDate(certificate.issuedAt),
      revokedOn: certificate.revokedAt ? formatDate(certificate.revokedAt) : null,
    })),
    quizAttempts: quizAttempts?.map(({ submittedAt, ...attempt }) => ({ ...attempt, submitted: formatDateTime(submittedAt) })) ?? null,
    history: history
      ? history.map((event) => ({
          id: event.id,
          at: event.createdAt.toISOString(),
          when: formatDateTime(event.createdAt),
          what: isOneOf(ACCESS_EVENT_TYPES, event.type) ? ACCESS_EVENT_LABELS[event.type] : event.type,
          subject:
            event.type === "role_change"
              ? `${event.fromRole && isOneOf(ROLES, event.fromRole) ? ROLE_LABELS[event.fromRole] : "New account"} → ${isOneOf(ROLES, event.toRole) ? ROLE_LABELS[event.toRole] : event.toRole}`
              : (event.courseTitle ?? "A deleted course"),
          actor: event.actorEmail ?? "System",
          source: isOneOf(ENROLLMENT_SOURCES, event.source) ? ENROLLMENT_SOURCE_LABELS[event.source] : null,
          note: event.note,
        }))
      : null,
  };
}

export function action({ request, context, params }: Route.ActionArgs) {
  return userDetailsAction({ request, context, userId: params.id });
}

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
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} notFound={{ title: USER_MESSAGES.notFound, backTo: "/admin/users", backLabel: "Back to users" }} />;
}
