import { isRouteErrorResponse, Link } from "react-router";
import { ArrowLeft } from "lucide-react";
import type { Route } from "./+types/lesson-discussion";
import { lessonDiscussionAction, lessonDiscussionLoader } from "./lesson-discussion.server";
import { LessonDiscussion } from "~/components/discussions/lesson-discussion";
import { ErrorScreen } from "~/components/error-screen";
import { Button } from "~/components/ui/button";
import { discussionPath } from "~/lib/discussions";
import { lessonPath } from "~/lib/learning";
import { siteTitle } from "~/lib/seo";

export function loader(args: Route.LoaderArgs) {
  return lessonDiscussionLoader(args);
}

export function action({ request, params, context }: Route.ActionArgs) {
  return lessonDiscussionAction({ request, params, context });
}

export const meta: Route.MetaFunction = (args) => [
  { title: siteTitle(args, args.loaderData ? `Discussion · ${args.loaderData.lesson.title}` : "Discussion") },
  // Discussions are for the lesson's learners, never for search engines (issue 42).
  { name: "robots", content: "noindex" },
];

/** A lesson's discussion on its own page: how a visitor reads a free preview's, and where forms land without JavaScript. */
export default function LessonDiscussionPage({ loaderData }: Route.ComponentProps) {
  const { course, lesson, discussion } = loaderData;
  const here = discussionPath(course.slug, lesson.slug);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6">
      <header className="flex flex-col gap-2">
        <nav aria-label="Breadcrumb" className="text-sm text-muted-foreground">
          <Link to={lessonPath(course.slug, lesson.slug)} className="inline-flex items-center gap-1 hover:text-foreground hover:underline">
            <ArrowLeft aria-hidden="true" className="size-4" /> {lesson.title} · {course.title}
          </Link>
        </nav>
        <h1 className="text-2xl font-bold tracking-tight">Discussion: {lesson.title}</h1>
      </header>
      {discussion ? (
        <LessonDiscussion
          action={here}
          discussion={discussion}
          signInHref={`/login?next=${encodeURIComponent(here)}`}
          sortHref={(sort) => `${here}?sort=${sort}`}
        />
      ) : (
        <p className="rounded-lg border p-6 text-muted-foreground">This discussion is open to the lesson&apos;s learners.</p>
      )}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <ErrorScreen status={notFound ? 404 : undefined} title={notFound ? "Lesson not found" : "Something went wrong"} detail={notFound ? "The lesson you're looking for doesn't exist." : "We couldn't load this discussion."}>
      <Button asChild variant="outline">
        <Link to="/courses">Back to Courses</Link>
      </Button>
    </ErrorScreen>
  );
}
