import { Link } from "react-router";
import { CourseImage } from "~/components/course-image";
import { cn } from "~/lib/utils";

export type CourseLinkItem = { slug: string; title: string; subtitle: string; coverUrl: string | null; topics: string[] };

/** A course in a short list (the account's courses): its cover, title and subtitle, linking to its page. */
export function CourseLink({ course, className }: { course: CourseLinkItem; className?: string }) {
  return (
    <Link to={`/courses/${course.slug}`} className={cn("group flex items-center gap-3", className)}>
      <CourseImage src={course.coverUrl} topic={course.topics[0]} alt="" sizes="thumbnail" className="aspect-video w-24 shrink-0 rounded-md object-cover" />
      <span className="grid min-w-0 gap-0.5">
        <span className="font-semibold group-hover:underline">{course.title}</span>
        <span className="line-clamp-1 text-sm text-muted-foreground">{course.subtitle}</span>
      </span>
    </Link>
  );
}
