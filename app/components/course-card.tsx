import { Link } from "react-router";
import { formatUsd } from "~/lib/money";
import { formatHours } from "~/lib/topics";
import type { CourseCard as CourseCardData } from "~/server/courses.server";
import { CourseImage } from "./course-image";

export function CourseCard({ course, priority = false }: { course: CourseCardData; priority?: boolean }) {
  return (
    <article className="group flex flex-col overflow-hidden rounded-xl border bg-card shadow-sm transition hover:shadow-md">
      <CourseImage src={course.coverUrl} topic={course.topics[0]} alt="" priority={priority} />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <p className="text-xs font-semibold uppercase tracking-wide text-primary">{course.track || course.topics[0]}</p>
        <h3 className="text-lg font-semibold leading-snug">{course.title}</h3>
        <p className="line-clamp-2 text-sm text-muted-foreground">{course.subtitle}</p>
        <ul className="mt-auto flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
          <li>{course.level}</li>
          <li>{course.lessonCount} lessons</li>
          <li>{formatHours(course.durationSeconds)}</li>
        </ul>
        <div className="flex items-center justify-between border-t pt-4">
          <span className="text-lg font-bold">{formatUsd(course.priceCents)}</span>
          <Link to={`/courses/${course.slug}`} className="text-sm font-semibold text-primary hover:underline" aria-label={`View Course: ${course.title}`}>
            View Course
          </Link>
        </div>
      </div>
    </article>
  );
}
