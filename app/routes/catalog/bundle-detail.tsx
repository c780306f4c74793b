import { isRouteErrorResponse, Link } from "react-router";
import type { Route } from "./+types/bundle-detail";
import { CourseImage } from "~/components/course-image";
import { ErrorScreen } from "~/components/error-screen";
import { Button } from "~/components/ui/button";
import { formatMoney } from "~/lib/money";
import { planOfferLabel } from "~/lib/payment-plans";
import { pageMeta, siteTitle } from "~/lib/seo";
export { loader } from "./bundle-detail.server";

export const meta: Route.MetaFunction = (args) => {
  if (!args.loaderData) {
    const title = isRouteErrorResponse(args.error) && args.error.status === 404 ? "Bundle not found" : "Something went wrong";
    return [{ title: siteTitle(args, title) }, { name: "robots", content: "noindex" }];
  }
  const { bundle } = args.loaderData;
  return pageMeta(args, {
    title: bundle.title,
    description:
      bundle.description || `${bundle.courses.length} courses in one bundle: ${bundle.courses.map((course) => course.title).join(", ")}.`,
    path: `/bundles/${bundle.slug}`,
    image: bundle.coverUrl,
  });
};

const lessons = (count: number) => (count === 1 ? "1 lesson" : `${count} lessons`);

export default function BundlePage({ loaderData }: Route.ComponentProps) {
  const { bundle, currency } = loaderData;
  const money = (cents: number) => formatMoney(cents, currency);
  return (
    <div className="mx-auto grid max-w-5xl gap-10 px-4 py-10 sm:px-6 sm:py-14">
      <section className="grid gap-6 md:grid-cols-[3fr_2fr] md:items-start">
        <div className="grid gap-4">
          <p className="text-sm font-semibold uppercase tracking-wide text-primary">Bundle · {bundle.courses.length} courses</p>
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{bundle.title}</h1>
          {bundle.description ? <p className="whitespace-pre-line text-lg text-muted-foreground">{bundle.description}</p> : null}
        </div>
        <div className="grid gap-4 rounded-xl border bg-card p-5 shadow-sm">
          <CourseImage
            src={bundle.coverUrl}
            topic={bundle.topic}
            alt=""
            sizes="aside"
            priority
            className="aspect-video w-full rounded-lg object-cover"
          />
          <p className="flex flex-wrap items-baseline gap-2">
            <span className="text-3xl font-bold">{money(bundle.priceCents)}</span>
            {bundle.savingsCents > 0 ? (
              <>
                <span
                  className="text-muted-foreground line-through"
                  aria-label={`${money(bundle.coursesCents)} for the courses one by one`}
                >
                  {money(bundle.coursesCents)}
                </span>
                <span className="rounded-full bg-success/15 px-2 py-0.5 text-sm font-semibold text-success">
                  Save {money(bundle.savingsCents)}
                </span>
              </>
            ) : null}
          </p>
          <p className="text-sm text-muted-foreground">
            {bundle.courses.length} courses bought one by one: {money(bundle.coursesCents)}.
          </p>
          <Button asChild size="lg">
            <Link to={`/checkout?bundleId=${bundle.id}`} aria-label={`Buy “${bundle.title}”`}>
              Buy the bundle
            </Link>
          </Button>
          {bundle.paymentPlan ? (
            <Button asChild size="lg" variant="outline">
              <Link to={`/checkout?bundleId=${bundle.id}&paymentPlan=1`}>
                {`Or ${planOfferLabel({ payments: bundle.paymentPlan.payments, instalment: money(bundle.paymentPlan.instalmentCents) })}`}
              </Link>
            </Button>
          ) : null}
        </div>
      </section>

      <section aria-labelledby="bundle-courses" className="grid gap-4">
        <h2 id="bundle-courses" className="text-2xl font-semibold tracking-tight">
          What you get
        </h2>
        <ol className="grid gap-4 sm:grid-cols-2">
          {bundle.courses.map((course) => (
            <li key={course.id} className="grid grid-cols-[8rem_1fr] gap-4 rounded-xl border p-3">
              <CourseImage
                src={course.coverUrl}
                topic={course.topic}
                alt=""
                sizes="thumbnail"
                className="aspect-video w-full rounded-md object-cover"
              />
              <div className="grid content-start gap-1">
                <Link to={`/courses/${course.slug}`} className="font-semibold hover:underline">
                  {course.title}
                </Link>
                {course.subtitle ? <p className="line-clamp-2 text-sm text-muted-foreground">{course.subtitle}</p> : null}
                <p className="text-sm text-muted-foreground">
                  {lessons(course.lessonCount)} · {money(course.priceCents)} on its own
                </p>
              </div>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <ErrorScreen
      status={notFound ? 404 : undefined}
      title={notFound ? "Bundle not found" : "Something went wrong"}
      detail={notFound ? "The bundle you're looking for doesn't exist." : "We couldn't load this bundle. Please try again in a moment."}
    >
      <Button asChild>
        <Link to="/courses?type=bundles">See all bundles</Link>
      </Button>
    </ErrorScreen>
  );
}
