import { FileText } from "lucide-react";
import type { Route } from "./+types/blog";
import { postListUrl } from "~/lib/admin-list-urls";
import { AdminError } from "~/components/admin/admin-error";
import { AdminListPage } from "~/components/admin/list/admin-list-page";
import type { AdminListColumn } from "~/components/admin/list/admin-list-table";
import { DeleteRowButton, PublishToggle, RowActions, RowLink } from "~/components/admin/list/row-actions";
import { PublishStatusBadge } from "~/components/admin/publish-status-badge";

import { adminMeta } from "~/lib/seo";

import { RowTitle } from "~/components/admin/list/row-title";
export { loader, action } from "./blog.server";

export const meta: Route.MetaFunction = (args) => adminMeta(args, "Blog");

type PostRow = Route.ComponentProps["loaderData"]["rows"][number];

const columns: AdminListColumn<PostRow>[] = [
  {
    header: "Title",
    className: "max-w-[10rem] sm:max-w-xs lg:max-w-sm",
    cell: (post) => (
      <RowTitle to={`/admin/blog/${post.id}/edit`} title={post.title} detail={`/${post.slug}`}>
        {/* On phones the status sits under the title instead of in its own column. */}
        <PublishStatusBadge status={post.status} className="mt-1 sm:hidden" />
      </RowTitle>
    ),
  },
  { header: "Status", from: "sm", cell: (post) => <PublishStatusBadge status={post.status} /> },
  { header: "Category", from: "lg", cell: (post) => post.category },
  { header: "Updated", from: "md", className: "whitespace-nowrap", cell: (post) => post.updated },
];

export default function AdminBlog({ loaderData }: Route.ComponentProps) {
  return (
    <AdminListPage
      title="Blog posts"
      noun={["post", "posts"]}
      list={postListUrl}
      data={loaderData}
      search={{ id: "post", label: "Search posts by title or slug", placeholder: "Search by title or slug", maxLength: 200 }}
      create={{ to: "/admin/blog/new", label: "New post", firstLabel: "Write the first post" }}
      columns={columns}
      rowKey={(post) => post.id}
      rowActions={(post, rowDelete) => (
        <RowActions>
          <RowLink to={`/admin/blog/${post.id}/edit`} label={`Edit ${post.title}`}>
            Edit
          </RowLink>
          <PublishToggle id={post.id} title={post.title} published={post.status === "published"} />
          <DeleteRowButton id={post.id} title={post.title} description="Are you sure you want to delete this post?" rowDelete={rowDelete} />
        </RowActions>
      )}
      empty={{ icon: <FileText />, none: "No blog posts yet.", noMatches: "No posts found matching your search." }}
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
