import { useFetcher } from "react-router";
import type { Route } from "./+types/coupon-edit";
import { AdminError } from "~/components/admin/admin-error";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { useAnswerToast, useToastOnce } from "~/components/use-toast-once";
import { adminMeta } from "~/lib/seo";
import { CouponEditor } from "./coupon-editor";
export { loader, action } from "./coupon-edit.server";

export const meta: Route.MetaFunction = (args) => adminMeta(args, "Edit coupon");

/** Disable or Enable, posted to the coupons list's action, so both pages share one. */
function StatusButton({ coupon }: { coupon: { id: string; code: string; status: string } }) {
  const fetcher = useFetcher();
  useAnswerToast(fetcher.data);
  const active = coupon.status === "active";
  return (
    <fetcher.Form method="post" action="/admin/coupons" className="flex items-center gap-2">
      <input type="hidden" name="id" value={coupon.id} />
      <Badge variant={active ? "success" : "secondary"}>{active ? "Active" : "Disabled"}</Badge>
      <Button
        type="submit"
        name="intent"
        value={active ? "disable" : "enable"}
        variant="outline"
        size="sm"
        loading={fetcher.state !== "idle"}
      >
        {active ? `Disable ${coupon.code}` : `Enable ${coupon.code}`}
      </Button>
    </fetcher.Form>
  );
}

export default function EditCoupon({ loaderData, actionData }: Route.ComponentProps) {
  useToastOnce(actionData?.toast);
  const coupon = loaderData.coupon!;
  return (
    <CouponEditor
      key={JSON.stringify(loaderData.initial)}
      title={`Edit ${coupon.code}`}
      initial={actionData?.values ?? loaderData.initial}
      errors={actionData?.errors}
      courses={loaderData.courses}
      submitLabel="Save coupon"
      aside={
        <div className="grid justify-items-end gap-1">
          <StatusButton coupon={coupon} />
          <p className="text-xs text-muted-foreground">Used by {coupon.redemptions === 1 ? "1 order" : `${coupon.redemptions} orders`}</p>
        </div>
      }
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
