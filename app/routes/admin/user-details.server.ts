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

type ActionArgs = { request: Request; context: Readonly<RouterContextProvider>; userId: string };

/**
 * /admin/users/:id: grant or revoke one course (each row's own fetcher), change the role, or refund
 * one of the person's orders (as on /admin/orders, without leaving the page). The
 * page stays; the toast says what happened and the loaders' revalidation redraws the badges.
 */
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
