import type { Route } from "./+types/bundle-new";
import { AdminError } from "~/components/admin/admin-error";
import { useToastOnce } from "~/components/use-toast-once";
import { adminMeta } from "~/lib/seo";
import { BundleEditor } from "./bundle-editor";
export { loader, action } from "./bundle-new.server";

export const meta: Route.MetaFunction = (args) => adminMeta(args, "New bundle");

export default function NewBundle({ loaderData, actionData }: Route.ComponentProps) {
  useToastOnce(actionData?.toast);
  return (
    <BundleEditor
      title="New bundle"
      initial={actionData?.values ?? loaderData.initial}
      errors={actionData?.errors}
      courses={loaderData.courses}
      currency={loaderData.currency}
      submitLabel="Create bundle"
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
