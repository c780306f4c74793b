import { Link } from "react-router";
import { FileText, ListChecks, Lock, PlayCircle } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { lessonPath } from "~/lib/learning";
import { formatHours } from "~/lib/topics";

type CurriculumLesson = {
  id: string;
  title: string;
  slug: string;
  type: string;
  isPreview: boolean;
  durationSeconds: number;
  /** Whether this visitor may open the lesson's page (the access rule decides, on the server). */
  open: boolean;
  /** A drip lesson the learner holds, not open yet: its opening date ("Nov 30, 2026"). */
  opensOn: string | null;
};

type CurriculumModule = { id: string; title: string; description: string | null; lessons: CurriculumLesson[] };

function formatLessonDuration(seconds: number) {
  if (seconds <= 0) return null;
  const minutes = Math.max(1, Math.round(seconds / 60));
  return minutes >= 60 ? `${Math.floor(minutes / 60)}h ${minutes % 60}m` : `${minutes} min`;
}

/** The course page's module list: each module a native disclosure, open lessons linked, the rest locked. */
export function CourseCurriculum({
  course,
  lessonCount,
}: {
  course: { slug: string; durationSeconds: number; curriculum: CurriculumModule[] };
  lessonCount: number;
}) {
  return (
    <section aria-labelledby="curriculum-heading">
      <h2 id="curriculum-heading" className="text-2xl font-bold tracking-tight">
        Curriculum
      </h2>
      <p className="mt-2 text-sm text-muted-foreground">
        {course.curriculum.length} {course.curriculum.length === 1 ? "module" : "modules"} · {lessonCount} lessons ·{" "}
        {formatHours(course.durationSeconds)}
      </p>
      {course.curriculum.length === 0 ? (
        <p className="mt-4 rounded-lg border border-dashed p-6 text-sm text-muted-foreground">
          The curriculum is being written. Lessons will appear here soon.
        </p>
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
                    const Icon = lesson.type === "article" ? FileText : lesson.type === "quiz" ? ListChecks : PlayCircle;
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
                        {lesson.opensOn ? (
                          <span className="shrink-0 text-xs text-muted-foreground">Opens on {lesson.opensOn}</span>
                        ) : null}
                        {!open && !lesson.opensOn && (
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
