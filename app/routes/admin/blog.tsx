import { formatDateTime } from "~/lib/dates";
import { FileText } from "lucide-react";
import type { Route } from "./+types/blog";
import { AdminError } from "~/components/admin/admin-error";
import { AdminListPage } from "~/components/admin/list/admin-list-page";
import type { AdminListColumn } from "~/components/admin/list/admin-list-table";
import { DeleteRowButton, PublishToggle, RowActions, RowLink } from "~/components/admin/list/row-actions";
import { PublishStatusBadge } from "~/components/admin/publish-status-badge";
import { defineListUrl, pageParam, textParam } from "~/lib/list-url";
import { POST_MESSAGES } from "~/lib/post-messages";
import { adminMeta } from "~/lib/seo";
import { readAdminList } from "~/server/admin-list.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { listAdminPosts } from "~/server/posts/admin-posts.server";
import { postListAction } from "./blog.server";
import { RowTitle } from "~/components/admin/list/row-title";

export const meta: Route.MetaFunction = (args) => adminMeta(args, "Blog");

const postList = defineListUrl("/admin/blog", { q: textParam({ maxLength: 200 }), page: pageParam() });

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin({ request, context });
  return readAdminList({
    request,
    list: postList,
    failure: POST_MESSAGES.fetchListFailed,
    what: "admin post list",
    read: async ({ q, page }) => {
      const result = await listAdminPosts({ query: q, page });
      const rows = result.posts.map((post) => ({
        id: post.id,
        title: post.title,
        slug: post.slug,
        status: post.status,
        category: post.category,
        updated: formatDateTime(post.updatedAt),
      }));
      return { ...result, rows };
    },
  });
}

/** Publish, unpublish and delete: the row buttons post an `intent`, answered with the toast to show. */
export function action({ request, context }: Route.ActionArgs) {
  return postListAction({ request, context });
}

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
      list={postList}
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
