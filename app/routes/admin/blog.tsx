import { data, Form, Link, useFetcher, useNavigate } from "react-router";
import { formatDateTime } from "~/lib/dates";
import { FileText, Plus, Search } from "lucide-react";
import type { Route } from "./+types/blog";
import { adminMeta } from "~/lib/seo";
import { AdminError } from "~/components/admin/admin-error";
import { ConfirmButton } from "~/components/admin/confirm-button";
import { useRowDelete } from "~/components/admin/use-row-delete";
import { useShortcut } from "~/components/admin/use-shortcut";
import { useToastOnce } from "~/components/use-toast-once";
import { PublishStatusBadge } from "~/components/admin/publish-status-badge";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { Input } from "~/components/ui/input";
import { Pagination } from "~/components/ui/pagination";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import type { Toast } from "~/lib/toast";
import { POST_MESSAGES } from "~/lib/post-messages";
import { requireAdmin } from "~/server/auth/guards.server";
import { listAdminPosts } from "~/server/posts/admin-posts.server";
import { logger } from "~/server/logger.server";
import { newToast } from "~/server/toast.server";
import { postListAction } from "./blog.server";

export const meta: Route.MetaFunction = (args) => adminMeta(args, "Blog");

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin({ request, context });
  const url = new URL(request.url);
  const query = (url.searchParams.get("q") ?? "").trim().slice(0, 200);
  const page = Number(url.searchParams.get("page") ?? 1);
  try {
    const result = await listAdminPosts({ query, page });
    return data({
      query,
      page: result.page,
      pageCount: result.pageCount,
      total: result.total,
      posts: result.posts.map((post) => ({
        id: post.id,
        title: post.title,
        slug: post.slug,
        status: post.status,
        category: post.category,
        updated: formatDateTime(post.updatedAt),
      })),
      error: null as Toast | null,
    });
  } catch (error) {
    logger.error({ err: error }, "admin post list failed");
    return data({
      query,
      page: 1,
      pageCount: 1,
      total: 0,
      posts: [],
      error: newToast({ kind: "error", message: POST_MESSAGES.fetchListFailed }),
    });
  }
}

/** Publish, unpublish and delete: the row buttons post an `intent`, answered with the toast to show. */
export function action({ request, context }: Route.ActionArgs) {
  return postListAction({ request, context });
}

type PostRow = Route.ComponentProps["loaderData"]["posts"][number];

function PostActions({ post, rowDelete }: { post: PostRow; rowDelete: ReturnType<typeof useRowDelete> }) {
  // Publish and unpublish keep the row, so their fetcher can live in it; delete's lives with the list.
  const fetcher = useFetcher<typeof action>();
  useToastOnce(fetcher.data && "toast" in fetcher.data ? fetcher.data.toast : null);
  const busy = fetcher.state !== "idle";
  const deleting = rowDelete.deletingId === post.id;
  const published = post.status === "published";
  return (
    <div className="flex flex-wrap items-center justify-end gap-2 lg:flex-nowrap">
      <Button asChild variant="outline" size="sm">
        <Link to={`/admin/blog/${post.id}/edit`} aria-label={`Edit ${post.title}`}>
          Edit
        </Link>
      </Button>
      <fetcher.Form method="post">
        <input type="hidden" name="id" value={post.id} />
        <Button
          type="submit"
          name="intent"
          value={published ? "unpublish" : "publish"}
          variant={published ? "secondary" : "default"}
          size="sm"
          loading={busy}
          aria-label={`${published ? "Unpublish" : "Publish"} ${post.title}`}
        >
          {published ? "Unpublish" : "Publish"}
        </Button>
      </fetcher.Form>
      <ConfirmButton
        trigger={
          <Button type="button" variant="destructive" size="sm" loading={deleting} aria-label={`Delete ${post.title}`}>
            Delete
          </Button>
        }
        title={`Delete “${post.title}”?`}
        description="Are you sure you want to delete this post?"
        confirmLabel="Delete"
        onConfirm={() => rowDelete.deleteRow(post.id)}
      />
    </div>
  );
}

export default function AdminBlog({ loaderData }: Route.ComponentProps) {
  const { posts, query, page, pageCount, total } = loaderData;
  const navigate = useNavigate();
  useToastOnce(loaderData.error);
  const rowDelete = useRowDelete();
  useShortcut("n", () => navigate("/admin/blog/new"));

  const hrefFor = (target: number) => {
    const params = new URLSearchParams();
    if (query) params.set("q", query);
    if (target > 1) params.set("page", String(target));
    const search = params.toString();
    return search ? `/admin/blog?${search}` : "/admin/blog";
  };

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Blog posts</h1>
          <p className="text-sm text-muted-foreground">
            {total} {total === 1 ? "post" : "posts"}
            {query ? ` matching “${query}”` : ""}
          </p>
        </div>
        <Button asChild>
          <Link to="/admin/blog/new" aria-keyshortcuts="n">
            <Plus aria-hidden="true" /> New post
          </Link>
        </Button>
      </div>
      <Form method="get" role="search" className="flex max-w-md gap-2">
        <label htmlFor="post-search" className="sr-only">
          Search posts by title or slug
        </label>
        {/* Keyed by the query so the box shows the search of the page it is on (back/forward too). */}
        <Input key={query} id="post-search" type="search" name="q" defaultValue={query} placeholder="Search by title or slug" />
        <Button type="submit" variant="outline">
          <Search aria-hidden="true" /> Search
        </Button>
      </Form>
      {loaderData.error ? (
        <p role="alert" className="rounded-md border border-destructive/30 bg-background p-4 text-sm text-destructive">
          {loaderData.error.message}
        </p>
      ) : posts.length === 0 ? (
        <EmptyState
          icon={<FileText />}
          title={query ? "No posts found matching your search." : "No blog posts yet."}
          action={
            query ? (
              <Button asChild variant="outline">
                <Link to="/admin/blog">Clear search</Link>
              </Button>
            ) : (
              <Button asChild>
                <Link to="/admin/blog/new">Write the first post</Link>
              </Button>
            )
          }
        />
      ) : (
        <div className="rounded-xl border border-border bg-card">
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Title</TableHead>
                <TableHead className="hidden sm:table-cell">Status</TableHead>
                <TableHead className="hidden lg:table-cell">Category</TableHead>
                <TableHead className="hidden md:table-cell">Updated</TableHead>
                <TableHead className="text-right">Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {posts.map((post) => (
                <TableRow key={post.id}>
                  <TableCell className="max-w-[10rem] sm:max-w-xs lg:max-w-sm">
                    <Link to={`/admin/blog/${post.id}/edit`} className="block truncate font-medium hover:underline">
                      {post.title}
                    </Link>
                    <span className="block truncate text-xs text-muted-foreground">/{post.slug}</span>
                    {/* On phones the status sits under the title instead of in its own column. */}
                    <PublishStatusBadge status={post.status} className="mt-1 sm:hidden" />
                  </TableCell>
                  <TableCell className="hidden sm:table-cell">
                    <PublishStatusBadge status={post.status} />
                  </TableCell>
                  <TableCell className="hidden lg:table-cell">{post.category}</TableCell>
                  <TableCell className="hidden whitespace-nowrap md:table-cell">{post.updated}</TableCell>
                  <TableCell>
                    <PostActions post={post} rowDelete={rowDelete} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      <Pagination page={page} pageCount={pageCount} hrefFor={hrefFor} aria-label="Blog posts pages" />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
