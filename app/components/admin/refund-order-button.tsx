import { useFetcher } from "react-router";
import { ConfirmButton } from "~/components/ui/confirm-button";
import { useAnswerToast } from "~/components/use-toast-once";
import { Button } from "~/components/ui/button";
import { ORDER_MESSAGES } from "~/lib/order-list-filters";
import type { OrderRow } from "./order-row";

/** What a refund does, said before it happens. */
function refundConsequences(order: OrderRow) {
  const money = order.testMode
    ? "Test mode: no real money moves."
    : `${order.amount} goes back to ${order.customerEmail} through ${order.provider}.`;
  const access =
    order.kind === "membership"
      ? "The membership ends now, and with it their access to every course it opened."
      : `Their access to “${order.itemTitle}” ends now, unless an admin granted it to them: that access is kept.`;
  return `${money} ${access} This cannot be undone.`;
}

/** One line of an order of several, refunded on its own (docs/decisions/067): asks first, as the whole order's button does. */
export function RefundLineButton({ order, line }: { order: OrderRow; line: OrderRow["lines"][number] }) {
  const fetcher = useFetcher();
  useAnswerToast(fetcher.data);
  const money = order.testMode
    ? "Test mode: no real money moves."
    : `${line.amount} goes back to ${order.customerEmail} through ${order.provider}.`;
  return (
    <ConfirmButton
      trigger={
        <Button
          type="button"
          variant="outline"
          size="sm"
          loading={fetcher.state !== "idle"}
          aria-label={`Refund “${line.title}” alone for ${order.customerEmail}`}
        >
          Refund this line
        </Button>
      }
      title={`Refund “${line.title}” alone?`}
      description={`${money} Their access to “${line.title}” ends now, unless they hold it another way; the rest of the order stays paid. This cannot be undone.`}
      confirmLabel={ORDER_MESSAGES.refundConfirm}
      onConfirm={() => fetcher.submit({ intent: "refund-line", orderId: order.id, lineId: line.id }, { method: "post" })}
    />
  );
}

/**
 * A paid order's Refund button: asks first, then posts `{ intent: "refund", orderId }` to the
 * page's own action (with the page's query string, so the list comes back as it was). Each row has
 * its own fetcher, so only this button waits.
 */
export function RefundOrderButton({ order }: { order: OrderRow }) {
  const fetcher = useFetcher();
  useAnswerToast(fetcher.data);
  const busy = fetcher.state !== "idle";
  return (
    <ConfirmButton
      trigger={
        <Button
          type="button"
          variant="outline"
          size="sm"
          loading={busy}
          aria-label={`Refund “${order.itemTitle}” for ${order.customerEmail}`}
        >
          Refund
        </Button>
      }
      title={`Refund “${order.itemTitle}”?`}
      description={refundConsequences(order)}
      confirmLabel={ORDER_MESSAGES.refundConfirm}
      onConfirm={() => fetcher.submit({ intent: "refund", orderId: order.id }, { method: "post" })}
    />
  );
}
