import { Link, useSearchParams } from "react-router";
import { adminMeta } from "~/lib/seo";
import type { Route } from "./+types/course-builder";
import { AdminError } from "~/components/admin/admin-error";
import { BuilderSideMenu } from "~/components/admin/builder/builder-side-menu";
import { CourseDetailsTab } from "~/components/admin/builder/course-details-tab";
import { CourseInstructorsCard } from "~/components/admin/builder/course-instructors-card";
import { CurriculumTab } from "~/components/admin/builder/curriculum-tab";
import { PublishToggle } from "~/components/admin/builder/publish-toggle";
import { useToastOnce } from "~/components/use-toast-once";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { BUILDER_MESSAGES } from "~/lib/builder-messages";
import { courseGaps } from "~/lib/course-gaps";

import { PublishStatusBadge } from "~/components/admin/publish-status-badge";
export { loader, action } from "./course-builder.server";

export const meta: Route.MetaFunction = (args) =>
  adminMeta(args, args.loaderData?.course ? `Builder: ${args.loaderData.course.title}` : BUILDER_MESSAGES.courseNotFound);

const TABS = ["details", "curriculum"] as const;
type Tab = (typeof TABS)[number];

export default function CourseBuilder({ loaderData }: Route.ComponentProps) {
  const { course, curriculum } = loaderData;
  useToastOnce(loaderData.toast);
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get("tab");
  const tab: Tab = TABS.find((name) => name === requested) ?? "details";

  if (!course) return <CourseNotFound />;

  const published = course.status === "published";
  const lessonCount = curriculum ? curriculum.lessons.length + curriculum.modules.reduce((sum, module) => sum + module.lessons.length, 0) : null;
  // Unknown while the curriculum failed to load: say nothing about lessons rather than something wrong.
  const gaps = courseGaps({ lessonCount: lessonCount ?? 1, coverUrl: course.coverUrl, priceCents: course.priceCents });
  return (
    // Beside the admin's own menu (kept, issue 38), the builder's menu for this course (§2).
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[12rem_minmax(0,1fr)]">
      <aside>
        <BuilderSideMenu course={course} tab={tab} />
      </aside>
      <div className="grid min-w-0 content-start gap-6">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="grid gap-1">
            <p className="text-sm font-medium text-muted-foreground">Course builder</p>
            <h1 className="flex flex-wrap items-center gap-3 text-2xl font-bold tracking-tight">
              {course.title}
              <PublishStatusBadge status={published ? "published" : "draft"} />
            </h1>
          </div>
          <div className="flex flex-wrap items-start justify-end gap-3">
            {gaps.length > 0 ? (
              <div id="course-gaps" className="grid gap-1 text-sm">
                <p className="font-medium">{published ? "This course still lacks:" : "Before publishing, this course lacks:"}</p>
                <ul aria-label="What this course lacks" className="grid gap-0.5 text-muted-foreground">
                  {gaps.map((gap) => (
                    <li key={gap.key}>
                      {gap.message} ·{" "}
                      <Link
                        to={gap.fix === "edit" ? `/admin/courses/${course.id}/edit` : `?tab=${gap.fix}`}
                        replace={gap.fix !== "edit"}
                        preventScrollReset
                        className="font-medium text-primary underline-offset-4 hover:underline"
                      >
                        {gap.key === "lessons" ? "Add one" : gap.key === "cover" ? "Add a cover" : "Set a price"}
                      </Link>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
            <PublishToggle title={course.title} published={published} describedBy={gaps.length > 0 ? "course-gaps" : undefined} />
          </div>
        </div>
        <Tabs
          value={tab}
          onValueChange={(value) =>
            setSearchParams(
              (current) => {
                const next = new URLSearchParams(current);
                next.set("tab", value);
                return next;
              },
              { replace: true, preventScrollReset: true },
            )
          }
        >
          <TabsList aria-label="Course builder sections">
            <TabsTrigger value="details">Details</TabsTrigger>
            <TabsTrigger value="curriculum">Curriculum</TabsTrigger>
          </TabsList>
          <TabsContent value="details">
            <div className="grid gap-6">
              <CourseDetailsTab key={course.id} course={course} />
              <CourseInstructorsCard instructors={loaderData.instructors ?? []} />
            </div>
          </TabsContent>
          <TabsContent value="curriculum">
            {curriculum ? (
              <CurriculumTab curriculum={curriculum} quizzes={loaderData.quizzes} videos={loaderData.videos ?? {}} files={loaderData.files ?? {}} />
            ) : (
              <p role="alert" className="rounded-md border border-destructive/30 bg-background p-4 text-sm text-destructive">
                {BUILDER_MESSAGES.loadCurriculumFailed}. Reload the page to try again.
              </p>
            )}
          </TabsContent>
        </Tabs>
      </div>
    </div>
  );
}

function CourseNotFound() {
  return <AdminError error={{ status: 404, statusText: "Not Found", internal: false, data: null }} notFound={NOT_FOUND} />;
}

const NOT_FOUND = { title: BUILDER_MESSAGES.courseNotFound, backTo: "/admin/courses", backLabel: "Back to Courses" };

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} notFound={NOT_FOUND} />;
}
