import { Link } from "react-router";
import { useSchoolMoney } from "~/components/use-site-settings";
import { formatHours } from "~/lib/topics";
import { cn } from "~/lib/utils";
import type { CourseCard as CourseCardData } from "~/server/courses/course-cards.server";
import { CourseImage } from "./course-image";

type CourseCardProps = {
  course: CourseCardData;
  priority?: boolean;
  /** "grid": a tall card for a grid; "list": a wide row (stacked on small screens). */
  variant?: "grid" | "list";
  /** The title's heading level, to fit the page outline. */
  headingAs?: "h2" | "h3";
};

export function CourseCard({ course, priority = false, variant = "grid", headingAs: Heading = "h3" }: CourseCardProps) {
  const list = variant === "list";
  const { money } = useSchoolMoney();
  return (
    <article
      data-variant={variant}
      className={cn("group flex flex-col overflow-hidden rounded-xl border bg-card shadow-sm transition hover:shadow-md", list && "sm:flex-row")}
    >
      <CourseImage
        src={course.coverUrl}
        topic={course.topics[0]}
        alt=""
        priority={priority}
        className={cn(list && "sm:aspect-auto sm:h-auto sm:w-56 sm:shrink-0 md:w-72")}
      />
      <div className={cn("flex min-w-0 flex-1 flex-col gap-3 p-5", list && "sm:gap-2")}>
        <p className="text-xs font-semibold uppercase tracking-wide text-primary">{course.track || course.topics[0]}</p>
        <Heading className="text-lg font-semibold leading-snug">{course.title}</Heading>
        <p className={cn("text-sm text-muted-foreground", list ? "line-clamp-3" : "line-clamp-2")}>{course.subtitle}</p>
        <ul className="mt-auto flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
          <li>{course.level}</li>
          <li>{course.lessonCount} lessons</li>
          <li>{formatHours(course.durationSeconds)}</li>
        </ul>
        <div className="flex items-center justify-between gap-3 border-t pt-4">
          <span className="text-lg font-bold">{money(course.priceCents)}</span>
          <Link to={`/courses/${course.slug}`} className="text-sm font-semibold text-primary hover:underline" aria-label={`View Course: ${course.title}`}>
            View Course
          </Link>
        </div>
      </div>
    </article>
  );
}
