import { Form, isRouteErrorResponse, Link } from "react-router";
import { CheckCircle2, MessageSquare } from "lucide-react";
import type { Route } from "./+types/course-discussions";
import { courseDiscussionsLoader } from "./course-discussions.server";
import { ErrorScreen } from "~/components/error-screen";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Pagination } from "~/components/ui/pagination";
import { formatDateTime } from "~/lib/dates";
import { lessonPath } from "~/lib/learning";
import { siteTitle } from "~/lib/seo";
import { cn } from "~/lib/utils";

export function loader(args: Route.LoaderArgs) {
  return courseDiscussionsLoader(args);
}

export const meta: Route.MetaFunction = (args) => [
  { title: siteTitle(args, args.loaderData ? `Discussions · ${args.loaderData.course.title}` : "Discussions") },
  { name: "robots", content: "noindex" },
];

/** Every thread of the course with its lesson: search it before asking again (issue 42). */
export default function CourseDiscussions({ loaderData }: Route.ComponentProps) {
  const { course, threads, q, filter, signedIn, page, pageCount, total } = loaderData;
  const base = `/courses/${course.slug}/discussions`;
  const filterHref = (show: string | null, toPage = 1) => {
    const params = new URLSearchParams();
    if (q) params.set("q", q);
    if (show) params.set("show", show);
    if (toPage > 1) params.set("page", String(toPage));
    const query = params.toString();
    return query ? `${base}?${query}` : base;
  };
  const filters = [
    { value: null, label: "All" },
    { value: "unanswered", label: "Unanswered" },
    ...(signedIn ? [{ value: "mine", label: "Mine" }] : []),
  ];
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8 sm:px-6">
      <header className="flex flex-col gap-2">
        <nav aria-label="Breadcrumb" className="text-sm text-muted-foreground">
          <Link to={`/courses/${course.slug}`} className="hover:text-foreground hover:underline">
            {course.title}
          </Link>
        </nav>
        <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight">
          <MessageSquare aria-hidden="true" className="size-6" /> Discussions
        </h1>
        <p className="text-muted-foreground">
          Questions and comments on the lessons of {course.title}. Search before you ask: it may be answered already.
        </p>
      </header>
      <Form method="get" role="search" className="flex flex-wrap items-end gap-2">
        <div className="grid flex-1 gap-1">
          <label htmlFor="discussion-search" className="text-sm font-medium">
            Search the discussions
          </label>
          <Input id="discussion-search" type="search" name="q" defaultValue={q} maxLength={200} />
        </div>
        {filter && <input type="hidden" name="show" value={filter} />}
        <Button type="submit">Search</Button>
      </Form>
      <nav aria-label="Filter the discussions" className="flex flex-wrap gap-2 text-sm">
        {filters.map((option) => (
          <Link
            key={option.label}
            to={filterHref(option.value)}
            aria-current={filter === option.value ? "true" : undefined}
            className={cn("rounded-md border px-3 py-1", filter === option.value ? "bg-secondary font-medium" : "hover:bg-secondary")}
          >
            {option.label}
          </Link>
        ))}
      </nav>
      {threads.length === 0 ? (
        <p className="rounded-lg border border-dashed p-6 text-sm text-muted-foreground">
          {q || filter
            ? "No threads match."
            : loaderData.openLessons === 0
              ? "The discussions are open to the course's learners."
              : "No questions yet."}
        </p>
      ) : (
        <>
          {pageCount > 1 && (
            <p className="text-sm text-muted-foreground" role="status">
              {`Page ${page} of ${pageCount} · ${total} threads`}
            </p>
          )}
          <ul className="flex flex-col gap-3" aria-label="Threads">
            {threads.map((thread) => (
              <li key={thread.id} className="rounded-lg border p-4">
                <p className="flex flex-wrap items-center gap-2 text-sm">
                  <Badge variant="outline">{thread.kind === "question" ? "Question" : "Comment"}</Badge>
                  {thread.answered && (
                    <Badge variant="success">
                      <CheckCircle2 aria-hidden="true" className="size-3" /> Answered
                    </Badge>
                  )}
                  <span className="font-medium">{thread.authorName}</span>
                  {thread.byStaff && <Badge variant="gold">Staff</Badge>}
                  <span className="text-muted-foreground">{formatDateTime(thread.lastActivityAt)}</span>
                </p>
                <p className="mt-2 line-clamp-3 text-sm break-words whitespace-pre-line">{thread.excerpt}</p>
                <p className="mt-2 text-sm">
                  <Link
                    to={`${lessonPath(course.slug, thread.lessonSlug)}/discussion#post-${thread.id}`}
                    className="font-medium text-primary hover:underline"
                  >
                    {`Open the thread on “${thread.lessonTitle}”`}
                  </Link>{" "}
                  <span className="text-muted-foreground">
                    · {thread.replyCount} {thread.replyCount === 1 ? "reply" : "replies"}
                  </span>
                </p>
              </li>
            ))}
          </ul>
          <Pagination page={page} pageCount={pageCount} hrefFor={(target) => filterHref(filter, target)} aria-label="Discussion pages" />
        </>
      )}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <ErrorScreen
      status={notFound ? 404 : undefined}
      title={notFound ? "Course not found" : "Something went wrong"}
      detail={notFound ? "The course you're looking for doesn't exist." : "We couldn't load the discussions."}
    >
      <Button asChild variant="outline">
        <Link to="/courses">Back to Courses</Link>
      </Button>
    </ErrorScreen>
  );
}
