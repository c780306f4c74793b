import { GraduationCap, Star } from "lucide-react";
import type { Route } from "./+types/courses";
import { courseListUrl } from "~/lib/admin-list-urls";
import { AdminError } from "~/components/admin/admin-error";
import { AdminListPage } from "~/components/admin/list/admin-list-page";
import type { AdminListColumn } from "~/components/admin/list/admin-list-table";
import { DeleteRowButton, PublishToggle, RowActions, RowLink } from "~/components/admin/list/row-actions";
import { PublishStatusBadge } from "~/components/admin/publish-status-badge";
import { Badge } from "~/components/ui/badge";
import { COURSE_MESSAGES } from "~/lib/course-messages";

import { adminMeta } from "~/lib/seo";

import { RowTitle } from "~/components/admin/list/row-title";
export { loader, action } from "./courses.server";

export const meta: Route.MetaFunction = (args) => adminMeta(args, "Courses");

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
      list={courseListUrl}
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
