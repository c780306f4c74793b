import { Link } from "react-router";
import type { Route } from "./+types/bundle-edit";
import { AdminError } from "~/components/admin/admin-error";
import { useToastOnce } from "~/components/use-toast-once";
import { adminMeta } from "~/lib/seo";
import { BundleEditor } from "./bundle-editor";
export { loader, action } from "./bundle-edit.server";

export const meta: Route.MetaFunction = (args) => adminMeta(args, "Edit bundle");

export default function EditBundle({ loaderData, actionData }: Route.ComponentProps) {
  useToastOnce(actionData?.toast);
  const bundle = loaderData.bundle!;
  return (
    <BundleEditor
      key={JSON.stringify(loaderData.initial)}
      title={`Edit ${bundle.title}`}
      bundleId={bundle.id}
      initial={actionData?.values ?? loaderData.initial}
      errors={actionData?.errors}
      courses={loaderData.courses}
      currency={loaderData.currency}
      submitLabel="Save bundle"
      aside={
        bundle.status === "published" ? (
          <Link to={`/bundles/${bundle.slug}`} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
            View “{bundle.title}”
          </Link>
        ) : null
      }
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
