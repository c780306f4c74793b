import { BookOpen } from "lucide-react";
import { Link } from "react-router";
import { CourseLink } from "~/components/course-link";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { EmptyState } from "~/components/ui/empty-state";

type CourseItem = { id: string; slug: string; title: string; subtitle: string; coverUrl: string | null; topics: string[] };

/** A short list of courses (enrolled or saved), each linking to its page. */
export function AccountCourseList({
  title,
  description,
  courses,
  emptyText,
}: {
  title: string;
  description: string;
  courses: CourseItem[];
  emptyText: string;
}) {
  const headingId = `${title.toLowerCase().replace(/\s+/g, "-")}-heading`;
  return (
    <Card aria-labelledby={headingId} role="region">
      <CardHeader>
        <CardTitle asChild>
          <h2 id={headingId}>{title}</h2>
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        {courses.length === 0 ? (
          <EmptyState
            icon={<BookOpen />}
            title={emptyText}
            titleAs="p"
            action={
              <Button asChild variant="outline" size="sm">
                <Link to="/courses">Browse courses</Link>
              </Button>
            }
          />
        ) : (
          <ul className="grid gap-3">
            {courses.map((course) => (
              <li key={course.id}>
                <CourseLink course={course} className="rounded-lg border p-2 transition hover:bg-muted" />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
