import type { RouterContextProvider } from "react-router";
import { firstError, parseForm } from "~/lib/forms/parse-form";
import { ORDER_MESSAGES, orderListUrl } from "~/lib/order-list-filters";
import { invalidForm, readForm } from "~/server/action.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { refundOrder } from "~/server/payments/billing.server";
import { paymentFailure } from "~/server/payments/payment-failures.server";
import { dataWithToast, newToast, redirectWithToast } from "~/server/toast.server";
import { orderListForm } from "./orders-form";

/**
 * /admin/orders: Refund. Success goes back to the list as it was (search, status, page) with the
 * toast; a refusal stays on the page with its error toast. A refused form has no field to show its
 * message under (the order id is hidden), so the message comes as a toast too.
 */
export async function orderListAction({ request, context }: { request: Request; context: Readonly<RouterContextProvider> }) {
  const admin = requireAdmin({ request, context });
  const parsed = parseForm(orderListForm, await readForm(request));
  if (parsed.errors)
    return invalidForm(parsed, { toast: newToast({ kind: "error", message: firstError(parsed.errors) ?? ORDER_MESSAGES.chooseOrder }) });
  const { orderId } = parsed.data;
  let itemTitle: string;
  try {
    ({ itemTitle } = await refundOrder({ orderId, actorId: admin.id }));
  } catch (error) {
    const { toast, status } = paymentFailure("refund", error, { orderId, actorId: admin.id });
    return dataWithToast({}, toast, status);
  }
  const list = orderListUrl.href(orderListUrl.parse(new URL(request.url).searchParams));
  return redirectWithToast(list, { kind: "success", message: ORDER_MESSAGES.refunded(itemTitle) });
}
