import { isRouteErrorResponse, Link, useNavigation } from "react-router";
import { Check, Clock, Eye, Star, Users } from "lucide-react";
import type { Route } from "./+types/course-detail";
import { CourseCurriculum } from "~/components/catalog/course-curriculum";
import { CourseEnrollCard } from "~/components/catalog/course-enroll-card";
import { CourseInstructor } from "~/components/catalog/course-instructor";
import { CourseReviews } from "~/components/catalog/course-reviews";
import { CourseDetailSkeleton } from "~/components/course-detail-skeleton";
import { Prose } from "~/components/prose";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";

import { useNonce } from "~/lib/nonce";

import { pageMeta, siteSettingsOf, siteTitle } from "~/lib/seo";
import { formatHours } from "~/lib/topics";

import { ErrorScreen } from "~/components/error-screen";
export { loader, action } from "./course-detail.server";

export const meta: Route.MetaFunction = (args) => {
  if (!args.loaderData) {
    const title = isRouteErrorResponse(args.error) && args.error.status === 404 ? "Course not found" : "Something went wrong";
    return [{ title: siteTitle(args, title) }, { name: "robots", content: "noindex" }];
  }
  const { course, isDraft } = args.loaderData;
  return pageMeta(args, {
    title: course.title,
    description: course.subtitle || `${course.title}: a ${course.level.toLowerCase()} course from ${siteSettingsOf(args).schoolName}.`,
    path: `/courses/${course.slug}`,
    image: course.coverUrl,
    noIndex: isDraft,
  });
};

export default function CourseDetailPage({ loaderData }: Route.ComponentProps) {
  const {
    course,
    continuePath,
    descriptionHtml,
    isDraft,
    hasAccess,
    saved,
    review,
    certificateId,
    finished,
    reviewInvited,
    signedIn,
    jsonLd,
    alsoIn,
    paymentPlan,
    planClosed,
  } = loaderData;
  const nonce = useNonce();
  const navigation = useNavigation();
  const target = navigation.state === "loading" ? navigation.location : null;
  if (target && /^\/courses\/[^/]+\/?$/.test(target.pathname) && target.pathname !== `/courses/${course.slug}`)
    return <CourseDetailSkeleton />;

  const lessonCount = course.curriculum.reduce((total, module) => total + module.lessons.length, 0);

  return (
    <>
      <script type="application/ld+json" nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: jsonLd }} />
      {isDraft && (
        <div role="status" className="border-b border-warm/50 bg-accent text-accent-foreground">
          <p className="mx-auto flex max-w-7xl items-center gap-2 px-4 py-3 text-sm font-medium sm:px-6">
            <Eye aria-hidden="true" className="size-4 shrink-0" />
            Draft preview: this course is not published. Only admins can see this page.
          </p>
        </div>
      )}

      <section className="bg-hero text-hero-foreground">
        {/* On wide screens the enrol card floats over the body's empty right column, so the hero is only as tall as its text. */}
        <div className="relative mx-auto grid max-w-7xl gap-10 px-4 py-10 sm:px-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:py-16">
          <div className="flex min-w-0 flex-col gap-5">
            <nav aria-label="Breadcrumb" className="text-sm text-hero-foreground/80">
              <ol className="flex flex-wrap items-center gap-2">
                <li>
                  <Link to="/courses" className="hover:text-hero-foreground hover:underline">
                    Courses
                  </Link>
                </li>
                <li aria-hidden="true">/</li>
                <li aria-current="page" className="truncate">
                  {course.title}
                </li>
              </ol>
            </nav>
            {course.track && <p className="text-sm font-semibold uppercase tracking-widest text-warm">{course.track}</p>}
            <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl lg:text-5xl">{course.title}</h1>
            {course.subtitle && <p className="max-w-2xl text-lg text-hero-foreground/85">{course.subtitle}</p>}
            <ul className="flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-hero-foreground/90">
              <li>
                <span className="sr-only">Level: </span>
                <Badge variant="outline" className="border-hero-foreground/40 text-hero-foreground">
                  {course.level}
                </Badge>
              </li>
              <li className="flex items-center gap-1.5">
                <Star aria-hidden="true" className="size-4 fill-warm text-warm" />
                {course.rating !== null ? (
                  <span>
                    <span className="font-semibold">{course.rating.toFixed(1)}</span> rating ({course.reviewCount}{" "}
                    {course.reviewCount === 1 ? "review" : "reviews"})
                  </span>
                ) : (
                  <span>No ratings yet</span>
                )}
              </li>
              <li className="flex items-center gap-1.5">
                <Users aria-hidden="true" className="size-4" />
                {course.learnerCount.toLocaleString("en-US")} {course.learnerCount === 1 ? "learner" : "learners"}
              </li>
              <li className="flex items-center gap-1.5">
                <Clock aria-hidden="true" className="size-4" />
                {lessonCount} lessons · {formatHours(course.durationSeconds)}
              </li>
            </ul>
            {alsoIn.length > 0 ? (
              <p className="mt-4 text-sm">
                {alsoIn.map((bundle, index) => (
                  <span key={bundle.slug}>
                    {index > 0 ? " · " : null}
                    Also in{" "}
                    <Link to={`/bundles/${bundle.slug}`} className="font-semibold underline underline-offset-4">
                      {bundle.title}
                    </Link>
                  </span>
                ))}
              </p>
            ) : null}
          </div>

          <CourseEnrollCard
            course={course}
            hasAccess={hasAccess}
            continuePath={continuePath}
            saved={saved}
            signedIn={signedIn}
            certificateId={certificateId}
            finished={finished}
            reviewInvited={reviewInvited}
            paymentPlan={paymentPlan}
            planClosed={planClosed}
          />
        </div>
      </section>

      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 lg:min-h-[26rem] lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="flex min-w-0 flex-col gap-12">
          {descriptionHtml && (
            <section aria-labelledby="about-heading">
              <h2 id="about-heading" className="text-2xl font-bold tracking-tight">
                About this course
              </h2>
              <Prose html={descriptionHtml} className="mt-4 max-w-3xl" />
            </section>
          )}

          {course.outcomes.length > 0 && (
            <section aria-labelledby="outcomes-heading">
              <h2 id="outcomes-heading" className="text-2xl font-bold tracking-tight">
                What you&apos;ll learn
              </h2>
              <ul className="mt-4 grid gap-3 sm:grid-cols-2">
                {course.outcomes.map((outcome) => (
                  <li key={outcome} className="flex gap-3 rounded-lg border bg-card p-4 text-sm">
                    <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
                    {outcome}
                  </li>
                ))}
              </ul>
            </section>
          )}

          <CourseCurriculum course={course} lessonCount={lessonCount} />
          {/* The same link for everyone: the page stays cacheable; the discussions page is not. */}
          <p className="text-sm">
            <Link to={`/courses/${course.slug}/discussions`} className="font-medium text-primary hover:underline">
              {`Read the discussions of ${course.title}`}
            </Link>
          </p>
          <CourseReviews course={course} own={review} />
          {course.instructor && <CourseInstructor instructor={course.instructor} />}
        </div>
      </div>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return notFound ? (
    <ErrorScreen status={404} title="Course not found" detail="The course you're looking for doesn't exist.">
      <Button asChild>
        <Link to="/courses">Back to Courses</Link>
      </Button>
    </ErrorScreen>
  ) : (
    <ErrorScreen title="Something went wrong" detail="We couldn't load this course. Please try again in a moment.">
      <Button asChild variant="outline">
        <Link to="/courses">Back to Courses</Link>
      </Button>
    </ErrorScreen>
  );
}
