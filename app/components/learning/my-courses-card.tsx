import { BookOpen } from "lucide-react";
import { Link } from "react-router";
import { CourseImage } from "~/components/course-image";
import { CourseProgress } from "~/components/learning/course-progress";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { EmptyState } from "~/components/ui/empty-state";
import { lessonPath } from "~/lib/learning";

export type MyCourseItem = {
  id: string;
  slug: string;
  title: string;
  subtitle: string;
  coverUrl: string | null;
  topics: string[];
  progress: { totalLessons: number; completedLessons: number };
  nextLessonSlug: string | null;
};

/** The account's "My courses": each course the learner can open, its progress and where to carry on. */
export function MyCoursesCard({ courses }: { courses: MyCourseItem[] }) {
  return (
    <Card aria-labelledby="my-courses-heading" role="region">
      <CardHeader>
        <CardTitle asChild>
          <h2 id="my-courses-heading">My courses</h2>
        </CardTitle>
        <CardDescription>Courses you can open right now, and how far you are.</CardDescription>
      </CardHeader>
      <CardContent>
        {courses.length === 0 ? (
          <EmptyState
            icon={<BookOpen />}
            title="You are not enrolled in any course yet."
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
              <li key={course.id} className="flex flex-col gap-3 rounded-lg border p-3">
                <Link to={`/courses/${course.slug}`} className="group flex items-center gap-3">
                  <CourseImage
                    src={course.coverUrl}
                    topic={course.topics[0]}
                    alt=""
                    className="aspect-video w-24 shrink-0 rounded-md object-cover"
                  />
                  <span className="grid min-w-0 gap-0.5">
                    <span className="font-semibold group-hover:underline">{course.title}</span>
                    <span className="line-clamp-1 text-sm text-muted-foreground">{course.subtitle}</span>
                  </span>
                </Link>
                <CourseProgress
                  completed={course.progress.completedLessons}
                  total={course.progress.totalLessons}
                  courseTitle={course.title}
                />
                {course.nextLessonSlug ? (
                  <Button asChild size="sm" className="self-start">
                    <Link to={lessonPath(course.slug, course.nextLessonSlug)} aria-label={`Continue learning “${course.title}”`}>
                      Continue learning
                    </Link>
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
