import { Link } from "react-router";
import type { Route } from "./+types/bundle-edit";
import { AdminError } from "~/components/admin/admin-error";
import { useToastOnce } from "~/components/use-toast-once";
import { adminMeta } from "~/lib/seo";
import { BumpCard } from "~/components/admin/bump-card";
import { PlanCard } from "~/components/admin/plan-card";
import { BundleEditor } from "./bundle-editor";
import { UpsellCard } from "./course-editor/upsell-card";
export { loader, action } from "./bundle-edit.server";

export const meta: Route.MetaFunction = (args) => adminMeta(args, "Edit bundle");

export default function EditBundle({ loaderData, actionData }: Route.ComponentProps) {
  // The order bump's and the plan's forms answer their own fetchers; a no-JS refusal of either comes here without a toast.
  const editorAnswer = actionData && "toast" in actionData ? actionData : undefined;
  useToastOnce(editorAnswer?.toast);
  const bundle = loaderData.bundle!;
  return (
    <>
      <BundleEditor
        key={JSON.stringify(loaderData.initial)}
        title={`Edit ${bundle.title}`}
        bundleId={bundle.id}
        initial={editorAnswer?.values ?? loaderData.initial}
        errors={editorAnswer?.errors}
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
      <BumpCard
        description={`One course offered at checkout for the bundle “${bundle.title}”, at a special price, in a box the buyer ticks.`}
        bump={loaderData.bump}
        answer={actionData && "bumpErrors" in actionData ? actionData : undefined}
      />
      <UpsellCard
        productTitle={bundle.title}
        upsell={loaderData.upsell}
        answer={actionData && "upsellErrors" in actionData ? actionData : undefined}
      />
      <PlanCard
        productTitle={`the bundle “${bundle.title}”`}
        plan={loaderData.plan}
        answer={actionData && "planErrors" in actionData ? actionData : undefined}
      />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
