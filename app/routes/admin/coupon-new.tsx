import type { Route } from "./+types/coupon-new";
import { AdminError } from "~/components/admin/admin-error";
import { useToastOnce } from "~/components/use-toast-once";
import { adminMeta } from "~/lib/seo";
import { CouponEditor } from "./coupon-editor";
export { loader, action } from "./coupon-new.server";

export const meta: Route.MetaFunction = (args) => adminMeta(args, "New coupon");

export default function NewCoupon({ loaderData, actionData }: Route.ComponentProps) {
  useToastOnce(actionData?.toast);
  return (
    <CouponEditor
      title="New coupon"
      initial={actionData?.values ?? loaderData.initial}
      errors={actionData?.errors}
      courses={loaderData.courses}
      submitLabel="Create coupon"
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
