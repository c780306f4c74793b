import { listUserPaymentPlanViews, PlanNotFoundError, runNextTestInstalment } from "~/server/payments/payment-plans.server";
import type { RouterContextProvider } from "react-router";
import { parseForm } from "~/lib/forms/parse-form";
import { ORDER_MESSAGES } from "~/lib/order-list-filters";
import { isAdminRole } from "~/lib/roles";
import { USER_MESSAGES } from "~/lib/user-messages";
import { invalidForm, readForm } from "~/server/action.server";
import { accessFailure } from "~/server/access/access-failures.server";
import { grantCourseAccess, revokeCourseAccess } from "~/server/access/course-access.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { revokeCertificate } from "~/server/certificates/certificates.server";
import { openAllLessonsNow } from "~/server/access/drip.server";
import { DRIP_MESSAGES } from "~/lib/drip";
import { refundOrder } from "~/server/payments/billing.server";
import { paymentFailure } from "~/server/payments/payment-failures.server";
import { dataWithToast, redirectWithToast } from "~/server/toast.server";
import { roleChangeFailure } from "~/server/users/user-failures.server";
import { changeUserRole } from "~/server/users/user-roles.server";
import { userDetailsForm } from "./user-details-form";
import {
  AccountDeletionRefusedError,
  AccountNotFoundError,
  deleteAccountAtRequest,
  LastSuperAdminError,
} from "~/server/users/delete-account.server";
import { data } from "react-router";
import { formatDate, formatDateTime } from "~/lib/dates";
import type { Route } from "./+types/user-details";
import { toMembershipView } from "~/components/admin/membership-summary";
import { toOrderRow } from "~/components/admin/order-row";
import {
  ACCESS_EVENT_LABELS,
  ENROLLMENT_SOURCE_LABELS,
  isOneOf,
  ACCESS_EVENT_TYPES,
  ENROLLMENT_SOURCES,
  ROLE_LABELS,
  ROLES,
} from "~/lib/domain-values";
import { orderListUrl } from "~/lib/order-list-filters";
import { assignableRoles, canChangeRole, ROLE_CHANGE_REFUSALS } from "~/lib/role-rules";
import type { Toast } from "~/lib/toast";
import { listAccessHistory, listUserCourseAccess } from "~/server/access/course-access.server";
import { listCourseProgress, type CourseProgress } from "~/server/learning/progress.server";
import { certificateNumber, listUserCertificates } from "~/server/certificates/certificates.server";
import { loadUserDrip } from "~/server/access/drip.server";
import { logger } from "~/server/platform/logger.server";
import { getUserMembership, listUserOrders } from "~/server/payments/admin-orders.server";
import { newToast } from "~/server/toast.server";
import { listUserQuizAttempts } from "~/server/quizzes/quiz-stats.server";
import { getAdminUser } from "~/server/users/admin-users.server";
import { countSuperAdmins } from "~/server/users/user-roles.server";
import { findLatestDataExport, requestDataExport } from "~/server/users/data-export.server";

type ActionArgs = { request: Request; context: Readonly<RouterContextProvider>; userId: string };

/**
 * /admin/users/:id: grant or revoke one course (each row's own fetcher), change the role, or refund
 * one of the person's orders (as on /admin/orders, without leaving the page). The
 * page stays; the toast says what happened and the loaders' revalidation redraws the badges.
 */
/** What the toast says after the owner's test-mode plan control ran. */
const PLAN_RUN_MESSAGES: Record<string, string> = {
  paid: "Payment taken: the plan moved on one payment",
  overdue: "Payment declined: the plan is overdue and the buyer was e-mailed",
  paused: "Payment declined: the grace period is over, so the plan and its course are paused",
  "not-due": "No payment is due on this plan",
  closed: "This plan takes no more payments",
};

export async function userDetailsAction({ request, context, userId }: ActionArgs) {
  const admin = requireAdmin({ request, context });
  const parsed = parseForm(userDetailsForm, await readForm(request));
  if (parsed.errors) return invalidForm(parsed);
  const form = parsed.data;

  if (form.intent === "role") {
    let changed: boolean;
    try {
      ({ changed } = await changeUserRole({ actorId: admin.id, userId, role: form.role }));
    } catch (error) {
      const { toast, status } = roleChangeFailure(error, { userId, actorId: admin.id });
      return dataWithToast({}, toast, status);
    }
    const toast = { kind: "success", message: changed ? USER_MESSAGES.roleChanged : USER_MESSAGES.roleUnchanged } as const;
    // An admin who just gave up their own admin role can no longer see this page.
    if (userId === admin.id && !isAdminRole(form.role)) return redirectWithToast("/account", toast);
    return dataWithToast({}, toast);
  }

  if (form.intent === "open-all") {
    const { found, changed } = await openAllLessonsNow({ userId, courseId: form.courseId, actorId: admin.id });
    if (!found) return dataWithToast({}, { kind: "error", message: DRIP_MESSAGES.courseNotFound }, 404);
    return dataWithToast({}, { kind: "success", message: changed ? DRIP_MESSAGES.opened : DRIP_MESSAGES.alreadyOpen });
  }

  if (form.intent === "revoke-certificate") {
    const found = await revokeCertificate({ certificateId: form.certificateId, userId, actorId: admin.id });
    if (!found) return dataWithToast({}, { kind: "error", message: USER_MESSAGES.certificateNotFound }, 404);
    return dataWithToast({}, { kind: "success", message: USER_MESSAGES.certificateRevoked });
  }

  if (form.intent === "request-data-export") {
    const requested = await requestDataExport({ userId, actorId: admin.id });
    if (!requested) return dataWithToast({}, { kind: "error", message: USER_MESSAGES.notFound }, 404);
    return dataWithToast(
      {},
      {
        kind: "success",
        message: requested.queued
          ? "Their data is being prepared: they will get a download link by e-mail"
          : "Their data is already being prepared: they will get a download link by e-mail",
      },
    );
  }

  if (form.intent === "delete-account") {
    try {
      await deleteAccountAtRequest({ userId, actor: admin, confirmEmail: form.confirmEmail });
    } catch (error) {
      if (error instanceof AccountDeletionRefusedError) return dataWithToast({}, { kind: "error", message: error.reason }, 400);
      if (error instanceof LastSuperAdminError) return dataWithToast({}, { kind: "error", message: "The last super admin cannot be deleted." }, 409);
      if (error instanceof AccountNotFoundError) return dataWithToast({}, { kind: "error", message: USER_MESSAGES.notFound }, 404);
      throw error;
    }
    return redirectWithToast("/admin/users", { kind: "success", message: "Account deleted; its orders are kept without the buyer" });
  }

  if (form.intent === "plan-pay-next" || form.intent === "plan-decline-next") {
    try {
      const { outcome } = await runNextTestInstalment({
        planId: form.planId,
        userId,
        outcome: form.intent === "plan-pay-next" ? "paid" : "declined",
      });
      return dataWithToast({}, { kind: outcome === "paid" || outcome === "overdue" || outcome === "paused" ? "success" : "error", message: PLAN_RUN_MESSAGES[outcome] });
    } catch (error) {
      if (error instanceof PlanNotFoundError) return dataWithToast({}, { kind: "error", message: "That payment plan is not this person's" }, 404);
      throw error;
    }
  }

  if (form.intent === "refund") {
    let itemTitle: string;
    try {
      ({ itemTitle } = await refundOrder({ orderId: form.orderId, actorId: admin.id }));
    } catch (error) {
      const { toast, status } = paymentFailure("refund", error, { orderId: form.orderId, userId, actorId: admin.id });
      return dataWithToast({}, toast, status);
    }
    return dataWithToast({}, { kind: "success", message: ORDER_MESSAGES.refunded(itemTitle) });
  }

  const { intent, courseId } = form;
  try {
    if (intent === "grant") await grantCourseAccess({ userId, courseId, actorId: admin.id, source: "admin" });
    else await revokeCourseAccess({ userId, courseId, actorId: admin.id });
  } catch (error) {
    const { toast, status } = accessFailure(intent, error, { userId, courseId });
    return dataWithToast({}, toast, status);
  }
  return dataWithToast({}, { kind: "success", message: intent === "grant" ? USER_MESSAGES.granted : USER_MESSAGES.revoked });
}

/** A section that failed to load is logged and shown as failed; the rest of the page still works. */
async function orFailed<T>(what: string, userId: string, read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    logger.error({ err: error, userId, section: what }, "user details section failed");
    return null;
  }
}

/** Progress is shown for a course the person holds, or one they started before losing it. */
function progressShown(status: string | null, progress: CourseProgress | undefined) {
  if (!progress || progress.totalLessons === 0) return null;
  return status === "active" || progress.completedLessons > 0 ? progress : null;
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

  const [courses, history, orders, membership, certificates, quizAttempts, drip, dataExport, paymentPlans] = await Promise.all([
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
    orFailed("data export", user.id, findLatestDataExport({ userId: user.id })),
    orFailed("payment plans", user.id, listUserPaymentPlanViews({ userId: user.id })),
  ]);
  // Each course's lessons done, for the Course Access table (one query for all of them).
  const progress = await orFailed(
    "progress",
    user.id,
    listCourseProgress({ userId: user.id, courseIds: (courses ?? []).map((course) => course.courseId) }),
  );
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
      lastSeen: user.lastSeenAt ? formatDateTime(user.lastSeenAt) : null,
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
      progress: progressShown(course.status, progress?.get(course.courseId)),
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
            paymentPlans: paymentPlans ?? [],
          }
        : null,
    certificates: (certificates ?? []).map((certificate) => ({
      id: certificate.id,
      number: certificateNumber(certificate.number),
      courseTitle: certificate.courseTitle,
      issuedOn: formatDate(certificate.issuedAt),
      revokedOn: certificate.revokedAt ? formatDate(certificate.revokedAt) : null,
    })),
    // The admin sees the state, never the file: only the person can download their data.
    dataExport: dataExport
      ? {
          status: dataExport.status,
          requestedAt: formatDateTime(dataExport.requestedAt),
          expiresAt: dataExport.expiresAt ? formatDateTime(dataExport.expiresAt) : null,
          expired: dataExport.expired,
        }
      : null,
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
