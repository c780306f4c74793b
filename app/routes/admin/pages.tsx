import { FileText } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/pages";
import { AdminError } from "~/components/admin/admin-error";
import { AdminListPage } from "~/components/admin/list/admin-list-page";
import type { AdminListColumn } from "~/components/admin/list/admin-list-table";
import { Badge } from "~/components/ui/badge";
import { PAGE_MESSAGES } from "~/lib/page-sections";
import { adminMeta } from "~/lib/seo";
import { pageList } from "./page-form";
import { pagesLoader } from "./pages.server";

export const meta: Route.MetaFunction = (args) => adminMeta(args, "Pages");

export function loader({ request, context }: Route.LoaderArgs) {
  return pagesLoader({ request, context });
}

type PageRow = Route.ComponentProps["loaderData"]["rows"][number];

const columns: AdminListColumn<PageRow>[] = [
  {
    header: "Page",
    className: "max-w-[12rem] sm:max-w-md",
    cell: (row) => (
      <div className="grid gap-0.5">
        <Link to={`/admin/pages/${row.id}`} className="font-medium break-words hover:underline">
          {row.title}
        </Link>
        <span className="text-sm text-muted-foreground">{row.path}</span>
      </div>
    ),
  },
  {
    header: "Status",
    cell: (row) => <Badge variant={row.status === "Published" ? "success" : "warning"}>{row.status}</Badge>,
  },
  { header: "Linked from", from: "md", cell: (row) => row.linkedFrom },
  { header: "Published", from: "lg", className: "whitespace-nowrap", cell: (row) => row.published },
];

/** The three legal pages: each one's date and whether it still holds the demo's text. */
function LegalPagesPanel({ pages }: { pages: Route.ComponentProps["loaderData"]["legal"] }) {
  return (
    <section aria-labelledby="legal-pages-heading" className="grid gap-3">
      <div>
        <h2 id="legal-pages-heading" className="text-lg font-semibold">
          Legal pages
        </h2>
        <p className="text-sm text-muted-foreground">Their “Last updated” date moves when you save a changed text.</p>
      </div>
      <ul className="divide-y rounded-xl border bg-card">
        {pages.map((page) => (
          <li key={page.slug} className="flex flex-wrap items-center justify-between gap-3 p-4">
            <div className="grid gap-0.5">
              <Link to={`/admin/pages/legal/${page.slug}`} className="font-medium hover:underline">
                Edit {page.title}
              </Link>
              <span className="text-sm text-muted-foreground">
                {page.path} · Last updated: {page.updated}
              </span>
            </div>
            {page.holdsDemoText ? <Badge variant="warning">Still the demo's text</Badge> : <Badge variant="success">Yours</Badge>}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Admin → Pages: the home page and the owner's own pages, each built from sections. */
export default function AdminPages({ loaderData }: Route.ComponentProps) {
  return (
    <div className="grid gap-10">
      <AdminListPage
        title="Pages"
        noun={["page", "pages"]}
        list={pageList}
        data={loaderData}
        search={{ id: "page", label: "Search pages by title or address", placeholder: "Search by title or address", maxLength: 200 }}
        create={{ to: "/admin/pages/new", label: "New page", firstLabel: "Create the first page" }}
        columns={columns}
        rowKey={(row) => row.id}
        empty={{ icon: <FileText />, none: PAGE_MESSAGES.empty, noMatches: PAGE_MESSAGES.emptySearch }}
      />
      <LegalPagesPanel pages={loaderData.legal} />
      <section aria-labelledby="navigation-heading" className="grid gap-2">
        <h2 id="navigation-heading" className="text-lg font-semibold">
          Navigation
        </h2>
        <p className="text-sm text-muted-foreground">
          The header's and footer's links, their order and labels, and your social links.{" "}
          <Link to="/admin/pages/navigation" className="font-medium text-primary hover:underline">
            Edit the navigation
          </Link>
        </p>
      </section>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
