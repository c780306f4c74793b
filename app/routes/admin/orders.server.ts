import type { RouterContextProvider } from "react-router";
import { firstError, parseForm } from "~/lib/forms/parse-form";
import { ORDER_MESSAGES, orderListUrl } from "~/lib/order-list-filters";
import { invalidForm, readForm } from "~/server/action.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { refundOrder } from "~/server/payments/billing.server";
import { refundOrderLine } from "~/server/payments/refund-order-line.server";
import { paymentFailure } from "~/server/payments/payment-failures.server";
import { dataWithToast, newToast, redirectWithToast } from "~/server/toast.server";
import { orderListForm } from "./orders-form";
import type { Route } from "./+types/orders";
import { toOrderRow } from "~/components/admin/order-row";
import { invoicePeriod } from "~/lib/invoices";
import { readAdminList } from "~/server/admin-list.server";
import { listAdminOrders } from "~/server/payments/admin-orders.server";

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
    ({ itemTitle } =
      parsed.data.intent === "refund-line"
        ? await refundOrderLine({ orderId, lineId: parsed.data.lineId, actorId: admin.id }).then(({ title }) => ({ itemTitle: title }))
        : await refundOrder({ orderId, actorId: admin.id }));
  } catch (error) {
    const { toast, status } = paymentFailure("refund", error, { orderId, actorId: admin.id });
    return dataWithToast({}, toast, status);
  }
  const list = orderListUrl.href(orderListUrl.parse(new URL(request.url).searchParams));
  return redirectWithToast(list, { kind: "success", message: ORDER_MESSAGES.refunded(itemTitle) });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin({ request, context });
  const list = await readAdminList({
    request,
    list: orderListUrl,
    failure: ORDER_MESSAGES.fetchListFailed,
    what: "admin order list",
    read: async ({ q, status, page }) => {
      const result = await listAdminOrders({ query: q, status, page });
      return { ...result, rows: result.orders.map(toOrderRow) };
    },
  });
  // The invoice export's default period: this month so far.
  const { fromDay, toDay } = invoicePeriod(new URLSearchParams())!;
  return { ...list, invoicePeriod: { fromDay, toDay } };
}

/** Refund: the row's button posts `{ intent: "refund", orderId }` with the list's query string. */
export function action({ request, context }: Route.ActionArgs) {
  return orderListAction({ request, context });
}
