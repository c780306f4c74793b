import { Badge, type BadgeProps } from "~/components/ui/badge";
import { isOneOf, ORDER_STATUS_LABELS, ORDER_STATUSES, type OrderStatus } from "~/lib/domain-values";

const VARIANTS: Record<OrderStatus, BadgeProps["variant"]> = {
  paid: "success",
  pending: "warning",
  refunded: "outline",
  failed: "destructive",
  expired: "secondary",
};

/** An order's status as the account and admin screens show it: Paid (green), Pending, Refunded, Failed (red), Expired. */
export function OrderStatusBadge({ status, className }: { status: string; className?: string }) {
  if (!isOneOf(ORDER_STATUSES, status)) return <Badge variant="secondary">{status}</Badge>;
  return (
    <Badge variant={VARIANTS[status]} className={className}>
      {ORDER_STATUS_LABELS[status]}
    </Badge>
  );
}
