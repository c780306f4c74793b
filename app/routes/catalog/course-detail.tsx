import { isRouteErrorResponse, Link, useNavigation } from "react-router";
import { formatDate } from "~/lib/dates";
import { Check, Clock, Eye, FileText, Lock, PlayCircle, Star, Users } from "lucide-react";
import type { Route } from "./+types/course-detail";
import { courseNotFound, saveCourseAction } from "./course-detail.server";
import { CourseDetailSkeleton } from "~/components/course-detail-skeleton";
import { CourseImage } from "~/components/course-image";
import { CourseSaveButton } from "~/components/course-save-button";
import { Prose } from "~/components/prose";
import { useSiteSettings } from "~/components/use-site-settings";
import { ShareButton } from "~/components/share-button";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { lessonPath } from "~/lib/learning";
import { absoluteImageUrl } from "~/lib/image-url";
import { formatPrice, formatUsd } from "~/lib/money";
import { useNonce } from "~/lib/nonce";
import { canSeeCourse } from "~/server/access/draft-visibility.server";
import { pageMeta, siteSettingsOf, siteTitle } from "~/lib/seo";
import { formatHours } from "~/lib/topics";
import { getSessionUser } from "~/server/auth/guards.server";
import { findCourseAccess, lessonAccessFrom } from "~/server/access/lesson-access.server";
import { findNextLesson } from "~/server/learning/progress.server";
import { getCourseDetail, type CourseDetail } from "~/server/courses/catalog.server";
import { getConfig } from "~/server/config.server";
import { renderMarkdown } from "~/server/markdown.server";
import { isCourseSaved } from "~/server/courses/saved-courses.server";
import { getRequestSiteSettings } from "~/server/settings/site-settings.server";

const PERKS = ["Lifetime access", "All course materials", "Practical exercises"];

export async function loader({ params, context }: Route.LoaderArgs) {
  const user = getSessionUser({ context });
  const course = await getCourseDetail({ slug: params.slug });
  // A draft does not exist for visitors; admins may preview it before publishing.
  if (!course || !canSeeCourse({ user, course })) throw courseNotFound();

  const [description, access, saved, settings] = await Promise.all([
    renderMarkdown(course.longDescriptionMd),
    findCourseAccess({ user, course }),
    user ? isCourseSaved({ userId: user.id, courseId: course.id }) : false,
    getRequestSiteSettings({ context }),
  ]);
  // The one access rule decides which lessons link to their page (docs/decisions/014).
  const hasAccess = access.kind === "open";
  const nextLesson = hasAccess && user ? await findNextLesson({ userId: user.id, courseId: course.id }) : null;
  const curriculum = course.curriculum.map((module) => ({
    ...module,
    lessons: module.lessons.map((lesson) => ({ ...lesson, open: lessonAccessFrom(access, lesson).allowed })),
  }));

  const { longDescriptionMd: _markdown, updatedAt: _updatedAt, publishedAt: _publishedAt, ...rest } = course;
  const shown = { ...rest, curriculum };
  return {
    course: shown,
    continuePath: nextLesson ? lessonPath(course.slug, nextLesson.slug) : null,
    descriptionHtml: description.html,
    isDraft: course.status !== "published",
    hasAccess,
    saved,
    signedIn: Boolean(user),
    jsonLd: courseJsonLd(course, getConfig().publicUrl, settings.schoolName),
  };
}

export function action({ request, params, context }: Route.ActionArgs) {
  return saveCourseAction({ request, context, slug: params.slug });
}

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

/** schema.org Course data for search engines, as a string safe to put inside a script element. */
function courseJsonLd(course: CourseDetail, origin: string, schoolName: string) {
  const url = `${origin}/courses/${course.slug}`;
  const image = absoluteImageUrl(course.coverUrl, origin);
  const value = {
    "@context": "https://schema.org",
    "@type": "Course",
    name: course.title,
    description: course.subtitle || course.title,
    url,
    ...(image ? { image } : {}),
    educationalLevel: course.level,
    provider: { "@type": "Organization", name: schoolName, sameAs: origin },
    ...(course.instructor ? { author: { "@type": "Person", name: course.instructor.name } } : {}),
    offers: { "@type": "Offer", category: "Paid", price: (course.priceCents / 100).toFixed(2), priceCurrency: "USD", url },
    ...(course.rating !== null && course.reviewCount > 0
      ? { aggregateRating: { "@type": "AggregateRating", ratingValue: course.rating, reviewCount: course.reviewCount, bestRating: 5 } }
      : {}),
    hasCourseInstance: { "@type": "CourseInstance", courseMode: "Online", courseWorkload: `PT${Math.max(1, Math.round(course.durationSeconds / 60))}M` },
  };
  // "<" escaped so no text in the data can close the script element early.
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

export default function CourseDetailPage({ loaderData }: Route.ComponentProps) {
  const { course, continuePath, descriptionHtml, isDraft, hasAccess, saved, signedIn, jsonLd } = loaderData;
  const { membershipMonthlyCents } = useSiteSettings();
  const nonce = useNonce();
  const navigation = useNavigation();
  const target = navigation.state === "loading" ? navigation.location : null;
  if (target && /^\/courses\/[^/]+\/?$/.test(target.pathname) && target.pathname !== `/courses/${course.slug}`) return <CourseDetailSkeleton />;

  const lessonCount = course.curriculum.reduce((total, module) => total + module.lessons.length, 0);
  const path = `/courses/${course.slug}`;

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
                    <span className="font-semibold">{course.rating.toFixed(1)}</span> rating ({course.reviewCount} {course.reviewCount === 1 ? "review" : "reviews"})
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
          </div>

          <aside
            aria-label="Enroll"
            className="rounded-xl border bg-card p-5 text-card-foreground shadow-lg lg:absolute lg:top-16 lg:right-6 lg:z-10 lg:w-[22rem]"
          >
            <CourseImage src={course.coverUrl} topic={course.topics[0]} alt="" priority className="rounded-lg" />
            {hasAccess ? (
              <div className="mt-5 flex flex-col gap-3">
                <p className="text-sm font-medium text-success">You have access to this course.</p>
                {continuePath ? (
                  <Button asChild size="lg">
                    <Link to={continuePath}>Continue learning</Link>
                  </Button>
                ) : (
                  <p className="text-sm text-muted-foreground">Lessons will appear here soon.</p>
                )}
              </div>
            ) : (
              <div className="mt-5 flex flex-col gap-3">
                <p>
                  <span className="text-3xl font-bold">{formatUsd(course.priceCents)}</span>{" "}
                  <span className="text-sm text-muted-foreground">one-time payment</span>
                </p>
                <Button asChild size="lg">
                  <Link to={`/checkout?courseId=${course.id}`}>Buy This Course</Link>
                </Button>
                <Button asChild size="lg" variant="warm">
                  <Link to="/pricing#membership">{`Get All Courses — ${formatPrice(membershipMonthlyCents)}/mth`}</Link>
                </Button>
              </div>
            )}
            <ul className="mt-5 flex flex-col gap-2 text-sm" aria-label="Included">
              {PERKS.map((perk) => (
                <li key={perk} className="flex items-center gap-2">
                  <Check aria-hidden="true" className="size-4 text-success" />
                  {perk}
                </li>
              ))}
            </ul>
            <div className="mt-5 flex gap-2 border-t pt-5">
              <CourseSaveButton courseSlug={course.slug} saved={saved} signedIn={signedIn} />
              <ShareButton path={path} title={course.title} text={course.subtitle} what="course" className="flex-1" />
            </div>
          </aside>
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

          <Curriculum course={course} lessonCount={lessonCount} />
          <Reviews course={course} />
          {course.instructor && <Instructor instructor={course.instructor} />}
        </div>
      </div>
    </>
  );
}

type ShownCourse = Route.ComponentProps["loaderData"]["course"];

function formatLessonDuration(seconds: number) {
  if (seconds <= 0) return null;
  const minutes = Math.max(1, Math.round(seconds / 60));
  return minutes >= 60 ? `${Math.floor(minutes / 60)}h ${minutes % 60}m` : `${minutes} min`;
}

function Curriculum({ course, lessonCount }: { course: ShownCourse; lessonCount: number }) {
  return (
    <section aria-labelledby="curriculum-heading">
      <h2 id="curriculum-heading" className="text-2xl font-bold tracking-tight">
        Curriculum
      </h2>
      <p className="mt-2 text-sm text-muted-foreground">
        {course.curriculum.length} {course.curriculum.length === 1 ? "module" : "modules"} · {lessonCount} lessons · {formatHours(course.durationSeconds)}
      </p>
      {course.curriculum.length === 0 ? (
        <p className="mt-4 rounded-lg border border-dashed p-6 text-sm text-muted-foreground">The curriculum is being written. Lessons will appear here soon.</p>
      ) : (
        <ol className="mt-4 flex flex-col gap-3">
          {course.curriculum.map((module, moduleIndex) => (
            <li key={module.id}>
              {/* Native disclosure: opens and closes without JavaScript. */}
              <details open={moduleIndex === 0} className="group rounded-lg border bg-card">
                <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-lg px-4 py-3 hover:bg-secondary [&::-webkit-details-marker]:hidden">
                  <span>
                    <span className="block font-semibold">{module.title}</span>
                    {module.description && <span className="mt-0.5 block text-sm text-muted-foreground">{module.description}</span>}
                  </span>
                  <span className="shrink-0 text-xs text-muted-foreground">{module.lessons.length} lessons</span>
                </summary>
                <ol className="border-t">
                  {module.lessons.map((lesson) => {
                    const open = lesson.open;
                    const Icon = lesson.type === "article" ? FileText : PlayCircle;
                    const duration = formatLessonDuration(lesson.durationSeconds);
                    return (
                      <li key={lesson.id} className="flex items-center gap-3 border-b px-4 py-3 text-sm last:border-b-0">
                        <Icon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
                        <span className="min-w-0 flex-1">
                          {open ? (
                            <Link to={lessonPath(course.slug, lesson.slug)} className="font-medium text-primary hover:underline">
                              {lesson.title}
                            </Link>
                          ) : (
                            <span>{lesson.title}</span>
                          )}
                        </span>
                        {lesson.isPreview && <Badge variant="success">Free preview</Badge>}
                        {duration && <span className="shrink-0 text-xs text-muted-foreground tabular-nums">{duration}</span>}
                        {!open && (
                          <span className="shrink-0 text-muted-foreground" title="Enroll to unlock">
                            <Lock aria-hidden="true" className="size-4" />
                            <span className="sr-only">Locked</span>
                          </span>
                        )}
                      </li>
                    );
                  })}
                </ol>
              </details>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function Stars({ rating }: { rating: number }) {
  return (
    <span className="flex" role="img" aria-label={`Rated ${rating} out of 5`}>
      {Array.from({ length: 5 }, (_, index) => (
        <Star key={index} aria-hidden="true" className={index < Math.round(rating) ? "size-4 fill-warm text-warm" : "size-4 text-border"} />
      ))}
    </span>
  );
}

function Reviews({ course }: { course: ShownCourse }) {
  return (
    <section aria-labelledby="reviews-heading">
      <h2 id="reviews-heading" className="text-2xl font-bold tracking-tight">
        Reviews
      </h2>
      {course.rating !== null ? (
        <div className="mt-2 flex items-center gap-3 text-sm text-muted-foreground">
          <Stars rating={course.rating} />
          <span>
            <span className="font-semibold text-foreground">{course.rating.toFixed(1)}</span> average from {course.reviewCount}{" "}
            {course.reviewCount === 1 ? "review" : "reviews"}
          </span>
        </div>
      ) : (
        <p className="mt-2 text-sm text-muted-foreground">No reviews yet.</p>
      )}
      {course.reviews.length > 0 && (
        <ul className="mt-5 grid gap-4 md:grid-cols-2">
          {course.reviews.map((review) => (
            <li key={review.id} className="flex flex-col gap-3 rounded-lg border bg-card p-5">
              <div className="flex items-center justify-between gap-3">
                <Stars rating={review.rating} />
                <time dateTime={new Date(review.createdAt).toISOString()} className="text-xs text-muted-foreground">
                  {formatDate(review.createdAt)}
                </time>
              </div>
              {review.comment && <p className="text-sm">{review.comment}</p>}
              <p className="mt-auto text-sm font-semibold">{review.authorName}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Instructor({ instructor }: { instructor: NonNullable<ShownCourse["instructor"]> }) {
  const initials = instructor.name
    .split(/\s+/)
    .map((part) => part[0])
    .join("")
    .slice(0, 2)
    .toUpperCase();
  return (
    <section aria-labelledby="instructor-heading">
      <h2 id="instructor-heading" className="text-2xl font-bold tracking-tight">
        Your instructor
      </h2>
      <div className="mt-4 flex flex-col gap-5 rounded-lg border bg-card p-5 sm:flex-row">
        {instructor.image ? (
          <img src={instructor.image} alt="" width={96} height={96} loading="lazy" className="size-24 shrink-0 rounded-full object-cover" />
        ) : (
          <span aria-hidden="true" className="flex size-24 shrink-0 items-center justify-center rounded-full bg-secondary text-2xl font-semibold">
            {initials}
          </span>
        )}
        <div className="flex min-w-0 flex-col gap-2">
          <h3 className="text-lg font-semibold">{instructor.name}</h3>
          {instructor.headline && <p className="text-sm font-medium text-primary">{instructor.headline}</p>}
          {instructor.bio && <p className="text-sm whitespace-pre-line text-muted-foreground">{instructor.bio}</p>}
        </div>
      </div>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <section className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center gap-4 px-4 py-20 text-center">
        <p className="text-sm font-semibold text-primary">404</p>
        <h1 className="text-3xl font-bold tracking-tight">Course not found</h1>
        <p className="text-muted-foreground">The course you&apos;re looking for doesn&apos;t exist.</p>
        <Button asChild>
          <Link to="/courses">Back to Courses</Link>
        </Button>
      </section>
    );
  }
  return (
    <section className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center gap-4 px-4 py-20 text-center">
      <h1 className="text-3xl font-bold tracking-tight">Something went wrong</h1>
      <p className="text-muted-foreground">We couldn&apos;t load this course. Please try again in a moment.</p>
      <Button asChild variant="outline">
        <Link to="/courses">Back to Courses</Link>
      </Button>
    </section>
  );
}
