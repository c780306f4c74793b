import { data, Form, Link, useFetcher, useNavigate } from "react-router";
import { formatDateTime } from "~/lib/dates";
import { GraduationCap, Plus, Search, Star } from "lucide-react";
import type { Route } from "./+types/courses";
import { adminMeta } from "~/lib/seo";
import { AdminError } from "~/components/admin/admin-error";
import { ConfirmButton } from "~/components/admin/confirm-button";
import { useRowDelete } from "~/components/admin/use-row-delete";
import { useShortcut } from "~/components/admin/use-shortcut";
import { useToastOnce } from "~/components/use-toast-once";
import { PublishStatusBadge } from "~/components/admin/publish-status-badge";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { Input } from "~/components/ui/input";
import { Pagination } from "~/components/ui/pagination";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { COURSE_MESSAGES } from "~/lib/course-messages";
import { formatUsd } from "~/lib/money";
import type { Toast } from "~/lib/toast";
import { requireAdmin } from "~/server/auth/guards.server";
import { listAdminCourses } from "~/server/courses/admin-courses.server";
import { logger } from "~/server/logger.server";
import { newToast } from "~/server/toast.server";
import { courseListAction } from "./courses.server";

export const meta: Route.MetaFunction = (args) => adminMeta(args, "Courses");

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin({ request, context });
  const url = new URL(request.url);
  const query = (url.searchParams.get("q") ?? "").trim().slice(0, 200);
  const page = Number(url.searchParams.get("page") ?? 1);
  try {
    const result = await listAdminCourses({ query, page });
    return data({
      query,
      page: result.page,
      pageCount: result.pageCount,
      total: result.total,
      courses: result.courses.map((course) => ({
        id: course.id,
        title: course.title,
        slug: course.slug,
        status: course.status,
        price: formatUsd(course.priceCents),
        level: course.level,
        isFeatured: course.isFeatured,
        lessonCount: course.lessonCount,
        updated: formatDateTime(course.updatedAt),
      })),
      error: null as Toast | null,
    });
  } catch (error) {
    logger.error({ err: error }, "admin course list failed");
    return data({
      query,
      page: 1,
      pageCount: 1,
      total: 0,
      courses: [],
      error: newToast({ kind: "error", message: COURSE_MESSAGES.fetchListFailed }),
    });
  }
}

/** Publish, unpublish and delete: the row buttons post an `intent`, answered with the toast to show. */
export function action({ request, context }: Route.ActionArgs) {
  return courseListAction({ request, context });
}

type CourseRow = Route.ComponentProps["loaderData"]["courses"][number];

function CourseActions({ course, rowDelete }: { course: CourseRow; rowDelete: ReturnType<typeof useRowDelete> }) {
  // Publish and unpublish keep the row, so their fetcher can live in it; delete's lives with the list.
  const fetcher = useFetcher<typeof action>();
  useToastOnce(fetcher.data && "toast" in fetcher.data ? fetcher.data.toast : null);
  const busy = fetcher.state !== "idle";
  const deleting = rowDelete.deletingId === course.id;
  const published = course.status === "published";
  return (
    <div className="flex flex-wrap items-center justify-end gap-2 xl:flex-nowrap">
      <Button asChild variant="outline" size="sm">
        <Link to={`/admin/courses/${course.id}/edit`} aria-label={`Edit ${course.title}`}>
          Edit
        </Link>
      </Button>
      <Button asChild variant="outline" size="sm">
        <Link to={`/admin/courses/builder/${course.id}`} aria-label={`Edit curriculum of ${course.title}`}>
          Curriculum
        </Link>
      </Button>
      <fetcher.Form method="post">
        <input type="hidden" name="id" value={course.id} />
        <Button
          type="submit"
          name="intent"
          value={published ? "unpublish" : "publish"}
          variant={published ? "secondary" : "default"}
          size="sm"
          loading={busy}
          aria-label={`${published ? "Unpublish" : "Publish"} ${course.title}`}
        >
          {published ? "Unpublish" : "Publish"}
        </Button>
      </fetcher.Form>
      <ConfirmButton
        trigger={
          <Button type="button" variant="destructive" size="sm" loading={deleting} aria-label={`Delete ${course.title}`}>
            Delete
          </Button>
        }
        title={`Delete “${course.title}”?`}
        description={COURSE_MESSAGES.confirmDeleteFromList}
        confirmLabel="Delete"
        onConfirm={() => rowDelete.deleteRow(course.id)}
      />
    </div>
  );
}

export default function AdminCourses({ loaderData }: Route.ComponentProps) {
  const { courses, query, page, pageCount, total } = loaderData;
  const navigate = useNavigate();
  useToastOnce(loaderData.error);
  const rowDelete = useRowDelete();
  useShortcut("n", () => navigate("/admin/courses/new"));

  const hrefFor = (target: number) => {
    const params = new URLSearchParams();
    if (query) params.set("q", query);
    if (target > 1) params.set("page", String(target));
    const search = params.toString();
    return search ? `/admin/courses?${search}` : "/admin/courses";
  };

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Courses</h1>
          <p className="text-sm text-muted-foreground">
            {total} {total === 1 ? "course" : "courses"}
            {query ? ` matching “${query}”` : ""}
          </p>
        </div>
        <Button asChild>
          <Link to="/admin/courses/new" aria-keyshortcuts="n">
            <Plus aria-hidden="true" /> New course
          </Link>
        </Button>
      </div>
      <Form method="get" role="search" className="flex max-w-md gap-2">
        <label htmlFor="course-search" className="sr-only">
          Search courses by title, slug or description
        </label>
        {/* Keyed by the query so the box shows the search of the page it is on (back/forward too). */}
        <Input
          key={query}
          id="course-search"
          type="search"
          name="q"
          defaultValue={query}
          placeholder="Search by title, slug or description"
        />
        <Button type="submit" variant="outline">
          <Search aria-hidden="true" /> Search
        </Button>
      </Form>
      {loaderData.error ? (
        <p role="alert" className="rounded-md border border-destructive/30 bg-background p-4 text-sm text-destructive">
          {loaderData.error.message}
        </p>
      ) : courses.length === 0 ? (
        <EmptyState
          icon={<GraduationCap />}
          title={query ? COURSE_MESSAGES.emptySearch : COURSE_MESSAGES.empty}
          action={
            query ? (
              <Button asChild variant="outline">
                <Link to="/admin/courses">Clear search</Link>
              </Button>
            ) : (
              <Button asChild>
                <Link to="/admin/courses/new">Create the first course</Link>
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
                <TableHead className="hidden text-right md:table-cell">Price</TableHead>
                <TableHead className="hidden text-right lg:table-cell">Lessons</TableHead>
                <TableHead className="hidden xl:table-cell">Updated</TableHead>
                <TableHead className="text-right">Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {courses.map((course) => (
                <TableRow key={course.id}>
                  <TableCell className="max-w-[10rem] sm:max-w-xs lg:max-w-sm">
                    <Link to={`/admin/courses/${course.id}/edit`} className="block truncate font-medium hover:underline">
                      {course.title}
                    </Link>
                    <span className="block truncate text-xs text-muted-foreground">/{course.slug}</span>
                    <span className="mt-1 flex flex-wrap gap-1">
                      {/* On phones the status sits under the title instead of in its own column. */}
                      <PublishStatusBadge status={course.status} className="sm:hidden" />
                      {course.isFeatured ? (
                        <Badge variant="warning">
                          <Star aria-hidden="true" /> Featured
                        </Badge>
                      ) : null}
                    </span>
                  </TableCell>
                  <TableCell className="hidden sm:table-cell">
                    <PublishStatusBadge status={course.status} />
                  </TableCell>
                  <TableCell className="hidden text-right tabular-nums md:table-cell">{course.price}</TableCell>
                  <TableCell className="hidden text-right tabular-nums lg:table-cell">{course.lessonCount}</TableCell>
                  <TableCell className="hidden whitespace-nowrap xl:table-cell">{course.updated}</TableCell>
                  <TableCell>
                    <CourseActions course={course} rowDelete={rowDelete} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      <Pagination page={page} pageCount={pageCount} hrefFor={hrefFor} aria-label="Courses pages" />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
