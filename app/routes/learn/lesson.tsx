import { PLAN_MESSAGES } from "~/lib/payment-plans";
import { isRouteErrorResponse, Link, useFetcher } from "react-router";
import { ArrowLeft, ArrowRight, CheckCircle2, Download, Eye, Lock, CalendarClock } from "lucide-react";
import { lessonTypeLabel } from "~/lib/domain-values";
import type { Route } from "./+types/lesson";
import { lessonPageAction, lessonPageLoader } from "./lesson.server";
import { CourseProgress } from "~/components/learning/course-progress";
import { LessonCurriculumPanel } from "~/components/learning/lesson-curriculum-panel";
import { LessonQuiz } from "~/components/learning/lesson-quiz";
import { LessonVideoPlayer } from "~/components/learning/lesson-video-player";
import { Prose } from "~/components/prose";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { useSchoolMoney, useSiteSettings } from "~/components/use-site-settings";
import { useToastOnce } from "~/components/use-toast-once";
import { formatLessonDuration, lessonPath } from "~/lib/learning";
import { pageMeta, siteTitle } from "~/lib/seo";
import type { Toast } from "~/lib/toast";
import { ErrorScreen } from "~/components/error-screen";
import { LessonDiscussion } from "~/components/discussions/lesson-discussion";
import { discussionPath } from "~/lib/discussions";

export function loader(args: Route.LoaderArgs) {
  return lessonPageLoader(args);
}

export function action({ request, params, context }: Route.ActionArgs) {
  return lessonPageAction({ request, params, context });
}

export const meta: Route.MetaFunction = (args) => {
  if (!args.loaderData) {
    const title = isRouteErrorResponse(args.error) && args.error.status === 404 ? "Lesson not found" : "Something went wrong";
    return [{ title: siteTitle(args, title) }, { name: "robots", content: "noindex" }];
  }
  const { course, lesson } = args.loaderData;
  return pageMeta(args, {
    title: `${lesson.title} · ${course.title}`,
    description: lesson.summary || `A lesson of ${course.title}.`,
    path: lessonPath(course.slug, lesson.slug),
    // Lessons are for learners; the course page is what search engines should find.
    noIndex: true,
  });
};

type CompletionData = { completed: boolean | null; toast?: Toast };

export default function LessonPage({ loaderData }: Route.ComponentProps) {
  const { course, lesson, curriculum, previous, next, progress } = loaderData;
  const completion = useFetcher<CompletionData>({ key: `lesson-completion-${lesson.id}` });
  useToastOnce(completion.data?.toast);

  const duration = formatLessonDuration(lesson.durationSeconds);
  const pendingIntent = completion.formData?.get("intent");
  const completed = pendingIntent ? pendingIntent === "complete" : !loaderData.locked && loaderData.completed;

  const markComplete = () => {
    if (!completed) void completion.submit({ intent: "complete" }, { method: "post" });
  };

  return (
    <div className="mx-auto grid max-w-7xl gap-8 px-4 py-8 sm:px-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <article className="flex min-w-0 flex-col gap-6" aria-labelledby="lesson-title">
        {course.isDraft && (
          <p
            role="status"
            className="flex items-center gap-2 rounded-md border border-warm/50 bg-accent px-3 py-2 text-sm font-medium text-accent-foreground"
          >
            <Eye aria-hidden="true" className="size-4 shrink-0" />
            Draft preview: this course is not published. Only admins can see this lesson.
          </p>
        )}
        <header className="flex flex-col gap-2">
          <nav aria-label="Breadcrumb" className="text-sm text-muted-foreground">
            <Link to={`/courses/${course.slug}`} className="hover:text-foreground hover:underline">
              {course.title}
            </Link>
            {" · "}
            <Link to={`/courses/${course.slug}/discussions`} className="hover:text-foreground hover:underline">
              Discussions
            </Link>
          </nav>
          <h1 id="lesson-title" className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">
            {lesson.title}
          </h1>
          <p className="flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
            <span>{lessonTypeLabel(lesson.type)}</span>
            {duration && <span>{duration}</span>}
            {lesson.isPreview && <Badge variant="success">Free preview</Badge>}
            {completed && (
              <span className="inline-flex items-center gap-1 font-medium text-success">
                <CheckCircle2 aria-hidden="true" className="size-4" /> Completed
              </span>
            )}
          </p>
          {lesson.summary && <p className="max-w-3xl text-muted-foreground">{lesson.summary}</p>}
        </header>

        {loaderData.locked ? (
          loaderData.opensOn ? (
            <DripLockedLesson opensOn={loaderData.opensOn} />
          ) : loaderData.planClosed ? (
            <PlanClosedLesson state={loaderData.planClosed} />
          ) : (
            <LockedLesson courseId={course.id} courseTitle={course.title} priceCents={course.priceCents} />
          )
        ) : (
          <>
            {loaderData.player?.kind === "file" && (
              <LessonVideoPlayer
                key={lesson.id}
                lessonId={lesson.id}
                src={loaderData.player.src}
                stream={loaderData.player.stream}
                captions={loaderData.player.captions}
                title={lesson.title}
                startAt={loaderData.positionSeconds}
                saveProgress={loaderData.canSaveProgress}
                onEnded={loaderData.canSaveProgress ? markComplete : undefined}
              />
            )}
            {loaderData.player?.kind === "iframe" && (
              <div className="aspect-video w-full overflow-hidden rounded-lg bg-black">
                <iframe
                  src={loaderData.player.src}
                  title={loaderData.player.title}
                  allow={loaderData.player.allow}
                  allowFullScreen
                  loading="lazy"
                  referrerPolicy="strict-origin-when-cross-origin"
                  className="size-full"
                />
              </div>
            )}
            {lesson.type === "video" && !loaderData.player && (
              <p className="rounded-lg border border-dashed p-6 text-sm text-muted-foreground">
                This lesson&apos;s video is not available yet.
              </p>
            )}
            {loaderData.contentHtml && <Prose html={loaderData.contentHtml} className="max-w-3xl" />}
            {loaderData.files.length > 0 ? (
              <section aria-labelledby="lesson-files-heading" className="grid max-w-3xl gap-3 rounded-lg border p-4">
                <h2 id="lesson-files-heading" className="flex items-center gap-2 font-semibold">
                  <Download aria-hidden="true" className="size-4" /> Downloads
                </h2>
                <ul className="grid gap-2">
                  {loaderData.files.map((file) => (
                    <li key={file.href} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                      {/* A plain link: the file is an attachment, and the server asks the lesson's access rule again. */}
                      <a href={file.href} download className="font-medium text-primary underline-offset-4 hover:underline">
                        {`Download “${file.filename}”`}
                      </a>
                      <span className="text-xs text-muted-foreground tabular-nums">
                        {file.kind} · {file.size}
                      </span>
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
            {lesson.type === "quiz" && (
              <LessonQuiz
                quiz={loaderData.quiz}
                signInHref={loaderData.canSaveProgress ? null : `/login?next=${encodeURIComponent(lessonPath(course.slug, lesson.slug))}`}
              />
            )}

            {lesson.type === "quiz" ? null : loaderData.canSaveProgress ? (
              <completion.Form method="post" className="flex flex-wrap items-center gap-3 border-t pt-6">
                {completed ? (
                  <Button type="submit" name="intent" value="incomplete" variant="outline" loading={pendingIntent === "incomplete"}>
                    {`Mark “${lesson.title}” as not complete`}
                  </Button>
                ) : (
                  <Button type="submit" name="intent" value="complete" loading={pendingIntent === "complete"}>
                    <CheckCircle2 aria-hidden="true" />
                    Mark as complete
                  </Button>
                )}
              </completion.Form>
            ) : (
              <p className="border-t pt-6 text-sm text-muted-foreground">
                <Link
                  to={`/login?next=${encodeURIComponent(lessonPath(course.slug, lesson.slug))}`}
                  className="font-medium text-primary hover:underline"
                >
                  Sign in
                </Link>{" "}
                to keep track of your progress.
              </p>
            )}
            {loaderData.discussion ? (
              <LessonDiscussion
                action={discussionPath(course.slug, lesson.slug)}
                discussion={loaderData.discussion}
                signInHref={`/login?next=${encodeURIComponent(lessonPath(course.slug, lesson.slug))}`}
                sortHref={(sort) => `${lessonPath(course.slug, lesson.slug)}?sort=${sort}#discussion`}
              />
            ) : (
              // A visitor's page is the page cache's: the discussion has its own page, never cached.
              <p className="border-t pt-6 text-sm text-muted-foreground">
                <Link to={discussionPath(course.slug, lesson.slug)} className="font-medium text-primary hover:underline">
                  Read the discussion
                </Link>{" "}
                of this lesson.
              </p>
            )}
          </>
        )}

        <nav aria-label="Lessons" className="flex flex-wrap justify-between gap-3">
          {previous ? (
            <Button asChild variant="outline" className="h-auto min-h-10 max-w-full py-2 text-left whitespace-normal">
              <Link to={lessonPath(course.slug, previous.slug)} rel="prev">
                <ArrowLeft aria-hidden="true" />
                <span>
                  <span className="sr-only">Previous lesson: </span>
                  {previous.title}
                </span>
              </Link>
            </Button>
          ) : (
            <span />
          )}
          {next && (
            <Button asChild className="ml-auto h-auto min-h-10 max-w-full py-2 text-left whitespace-normal">
              <Link to={lessonPath(course.slug, next.slug)} rel="next">
                <span>
                  <span className="sr-only">Next lesson: </span>
                  {next.title}
                  {next.locked && <span className="sr-only"> (locked)</span>}
                </span>
                {next.locked ? <Lock aria-hidden="true" /> : <ArrowRight aria-hidden="true" />}
              </Link>
            </Button>
          )}
        </nav>
      </article>

      <aside className="lg:sticky lg:top-20 lg:self-start">
        <LessonCurriculumPanel courseSlug={course.slug} groups={curriculum} currentLessonId={lesson.id}>
          {progress ? <CourseProgress completed={progress.completed} total={progress.total} courseTitle={course.title} /> : null}
        </LessonCurriculumPanel>
      </aside>
    </div>
  );
}

/** A lesson the learner holds but that opens later (drip): when, and nothing of its content. */
function DripLockedLesson({ opensOn }: { opensOn: string }) {
  return (
    <section aria-labelledby="locked-heading" className="flex flex-col items-start gap-4 rounded-xl border bg-secondary/40 p-6 sm:p-8">
      <CalendarClock aria-hidden="true" className="size-8 text-muted-foreground" />
      <h2 id="locked-heading" className="text-xl font-semibold">
        Opens on {opensOn}
      </h2>
      <p className="max-w-prose text-muted-foreground">
        This lesson is released on a schedule. It opens for you on {opensOn}; the lessons before it are ready now.
      </p>
    </section>
  );
}

/**
 * A lesson the learner bought by a payment plan now paused (docs/decisions/069) or canceled before
 * its last payment (docs/decisions/073): why, and where to see the plan.
 */
function PlanClosedLesson({ state }: { state: "paused" | "ended" }) {
  return (
    <section aria-labelledby="locked-heading" className="flex flex-col items-start gap-4 rounded-xl border bg-secondary/40 p-6 sm:p-8">
      <Lock aria-hidden="true" className="size-8 text-muted-foreground" />
      <h2 id="locked-heading" className="text-xl font-semibold">
        {state === "paused" ? "Your access is paused" : "Your access has ended"}
      </h2>
      <p className="max-w-prose text-muted-foreground">{PLAN_MESSAGES[state]}</p>
      <Button asChild size="lg">
        <Link to="/account#payment-plans">See my payment plan</Link>
      </Button>
    </section>
  );
}

/** The locked page: what the lesson is, never its content, and the two ways in. */
function LockedLesson({ courseId, courseTitle, priceCents }: { courseId: string; courseTitle: string; priceCents: number }) {
  const { membershipMonthlyCents } = useSiteSettings();
  const { money, price } = useSchoolMoney();
  return (
    <section aria-labelledby="locked-heading" className="flex flex-col items-start gap-4 rounded-xl border bg-secondary/40 p-6 sm:p-8">
      <Lock aria-hidden="true" className="size-8 text-muted-foreground" />
      <h2 id="locked-heading" className="text-xl font-semibold">
        This lesson is locked
      </h2>
      <p className="max-w-prose text-muted-foreground">
        Enroll in {courseTitle} to open every lesson, or get the all-courses membership. Free preview lessons stay open to everyone.
      </p>
      <div className="flex flex-wrap gap-3">
        <Button asChild size="lg">
          <Link to={`/checkout?courseId=${courseId}`}>{`Buy This Course — ${money(priceCents)}`}</Link>
        </Button>
        <Button asChild size="lg" variant="warm">
          <Link to="/checkout?plan=monthly">{`Get All Courses — ${price(membershipMonthlyCents)}/mth`}</Link>
        </Button>
      </div>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <ErrorScreen
      status={notFound ? 404 : undefined}
      title={notFound ? "Lesson not found" : "Something went wrong"}
      detail={notFound ? "The lesson you're looking for doesn't exist." : "We couldn't load this lesson. Please try again in a moment."}
    >
      <Button asChild variant="outline">
        <Link to="/courses">Back to Courses</Link>
      </Button>
    </ErrorScreen>
  );
}
