import { BookOpen } from "lucide-react";
import { Link } from "react-router";
import { CourseLink } from "~/components/course-link";
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
                <CourseLink course={course} />
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
