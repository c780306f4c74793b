import { Boxes } from "lucide-react";
import type { Route } from "./+types/bundles";
import { bundleListUrl } from "~/lib/admin-list-urls";
import { AdminError } from "~/components/admin/admin-error";
import { AdminListPage } from "~/components/admin/list/admin-list-page";
import type { AdminListColumn } from "~/components/admin/list/admin-list-table";
import { RowActions, RowLink } from "~/components/admin/list/row-actions";
import { RowTitle } from "~/components/admin/list/row-title";
import { Badge } from "~/components/ui/badge";
import { BUNDLES_MAX_QUERY_LENGTH } from "~/lib/bundles";
import { PUBLISH_STATUS_LABELS, PUBLISH_STATUSES } from "~/lib/domain-values";
import { adminMeta } from "~/lib/seo";

export { loader } from "./bundles.server";

export const meta: Route.MetaFunction = (args) => adminMeta(args, "Bundles");

type BundleRow = Route.ComponentProps["loaderData"]["rows"][number];

const columns: AdminListColumn<BundleRow>[] = [
  {
    header: "Bundle",
    className: "max-w-[12rem] sm:max-w-xs",
    cell: (bundle) => <RowTitle to={`/admin/bundles/${bundle.id}/edit`} title={bundle.title} detail={`/bundles/${bundle.slug}`} />,
  },
  { header: "Courses", from: "md", className: "whitespace-nowrap", cell: (bundle) => bundle.courses },
  { header: "Price", from: "sm", align: "right", className: "tabular-nums whitespace-nowrap", cell: (bundle) => bundle.price },
  { header: "Status", from: "sm", cell: (bundle) => <Badge variant={bundle.published ? "success" : "secondary"}>{bundle.status}</Badge> },
];

const STATUS_OPTIONS = PUBLISH_STATUSES.map((status) => ({ value: status, label: PUBLISH_STATUS_LABELS[status] }));

export default function AdminBundles({ loaderData }: Route.ComponentProps) {
  return (
    <AdminListPage
      title="Bundles"
      noun={["bundle", "bundles"]}
      list={bundleListUrl}
      data={loaderData}
      search={{ id: "bundle", label: "Search by title or slug", placeholder: "Starter pack", maxLength: BUNDLES_MAX_QUERY_LENGTH }}
      filters={[{ name: "status", label: "Status", allLabel: "All statuses", options: STATUS_OPTIONS, phrase: "with the status" }]}
      create={{ to: "/admin/bundles/new", label: "New bundle", firstLabel: "Create the first bundle" }}
      columns={columns}
      rowKey={(bundle) => bundle.id}
      rowActions={(bundle) => (
        <RowActions>
          <RowLink to={`/admin/bundles/${bundle.id}/edit`} label={`Edit ${bundle.title}`}>
            Edit
          </RowLink>
          {bundle.published ? (
            <RowLink to={`/bundles/${bundle.slug}`} label={`View ${bundle.title}`}>
              View
            </RowLink>
          ) : null}
        </RowActions>
      )}
      empty={{ icon: <Boxes />, none: "No bundles yet.", noMatches: "No bundles found matching your search." }}
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
