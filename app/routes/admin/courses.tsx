import { formatDateTime } from "~/lib/dates";
import { GraduationCap, Star } from "lucide-react";
import type { Route } from "./+types/courses";
import { AdminError } from "~/components/admin/admin-error";
import { AdminListPage } from "~/components/admin/list/admin-list-page";
import type { AdminListColumn } from "~/components/admin/list/admin-list-table";
import { DeleteRowButton, PublishToggle, RowActions, RowLink } from "~/components/admin/list/row-actions";
import { PublishStatusBadge } from "~/components/admin/publish-status-badge";
import { Badge } from "~/components/ui/badge";
import { COURSE_MESSAGES } from "~/lib/course-messages";
import { defineListUrl, pageParam, textParam } from "~/lib/list-url";
import { formatUsd } from "~/lib/money";
import { adminMeta } from "~/lib/seo";
import { readAdminList } from "~/server/admin-list.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { listAdminCourses } from "~/server/courses/admin-courses.server";
import { courseListAction } from "./courses.server";
import { RowTitle } from "~/components/admin/list/row-title";

export const meta: Route.MetaFunction = (args) => adminMeta(args, "Courses");

const courseList = defineListUrl("/admin/courses", { q: textParam({ maxLength: 200 }), page: pageParam() });

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin({ request, context });
  return readAdminList({
    request,
    list: courseList,
    failure: COURSE_MESSAGES.fetchListFailed,
    what: "admin course list",
    read: async ({ q, page }) => {
      const result = await listAdminCourses({ query: q, page });
      const rows = result.courses.map((course) => ({
        id: course.id,
        title: course.title,
        slug: course.slug,
        status: course.status,
        price: formatUsd(course.priceCents),
        level: course.level,
        isFeatured: course.isFeatured,
        lessonCount: course.lessonCount,
        updated: formatDateTime(course.updatedAt),
      }));
      return { ...result, rows };
    },
  });
}

/** Publish, unpublish and delete: the row buttons post an `intent`, answered with the toast to show. */
export function action({ request, context }: Route.ActionArgs) {
  return courseListAction({ request, context });
}

type CourseRow = Route.ComponentProps["loaderData"]["rows"][number];

const columns: AdminListColumn<CourseRow>[] = [
  {
    header: "Title",
    className: "max-w-[10rem] sm:max-w-xs lg:max-w-sm",
    cell: (course) => (
      <RowTitle to={`/admin/courses/${course.id}/edit`} title={course.title} detail={`/${course.slug}`}>
        <span className="mt-1 flex flex-wrap gap-1">
          {/* On phones the status sits under the title instead of in its own column. */}
          <PublishStatusBadge status={course.status} className="sm:hidden" />
          {course.isFeatured ? (
            <Badge variant="warning">
              <Star aria-hidden="true" /> Featured
            </Badge>
          ) : null}
        </span>
      </RowTitle>
    ),
  },
  { header: "Status", from: "sm", cell: (course) => <PublishStatusBadge status={course.status} /> },
  { header: "Price", from: "md", align: "right", className: "tabular-nums", cell: (course) => course.price },
  { header: "Lessons", from: "lg", align: "right", className: "tabular-nums", cell: (course) => course.lessonCount },
  { header: "Updated", from: "xl", className: "whitespace-nowrap", cell: (course) => course.updated },
];

export default function AdminCourses({ loaderData }: Route.ComponentProps) {
  return (
    <AdminListPage
      title="Courses"
      noun={["course", "courses"]}
      list={courseList}
      data={loaderData}
      search={{
        id: "course",
        label: "Search courses by title, slug or description",
        placeholder: "Search by title, slug or description",
        maxLength: 200,
      }}
      create={{ to: "/admin/courses/new", label: "New course", firstLabel: "Create the first course" }}
      columns={columns}
      rowKey={(course) => course.id}
      rowActions={(course, rowDelete) => (
        <RowActions>
          <RowLink to={`/admin/courses/${course.id}/edit`} label={`Edit ${course.title}`}>
            Edit
          </RowLink>
          <RowLink to={`/admin/courses/builder/${course.id}`} label={`Edit curriculum of ${course.title}`}>
            Curriculum
          </RowLink>
          <PublishToggle id={course.id} title={course.title} published={course.status === "published"} />
          <DeleteRowButton id={course.id} title={course.title} description={COURSE_MESSAGES.confirmDeleteFromList} rowDelete={rowDelete} />
        </RowActions>
      )}
      empty={{ icon: <GraduationCap />, none: COURSE_MESSAGES.empty, noMatches: COURSE_MESSAGES.emptySearch }}
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
