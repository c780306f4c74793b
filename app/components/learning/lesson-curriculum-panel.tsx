import { useId, useState } from "react";
import { Link } from "react-router";
import { CheckCircle2, ChevronDown, Circle, FileText, ListChecks, Lock, PlayCircle } from "lucide-react";
import { lessonTypeLabel } from "~/lib/domain-values";
import { formatLessonDuration, lessonPath } from "~/lib/learning";
import { cn } from "~/lib/utils";

export type PanelLesson = {
  id: string;
  slug: string;
  title: string;
  type: string;
  durationSeconds: number;
  isPreview: boolean;
  locked: boolean;
  /** A drip lesson's opening date ("Nov 30, 2026"), shown as "Opens on …". */
  opensOn?: string | null;
  completed: boolean;
};
export type PanelGroup = { id: string; title: string; lessons: PanelLesson[] };

/**
 * The course's curriculum beside the lesson: a navigable list with each lesson's state said in
 * words (Completed, Locked, Free preview) and the current lesson marked with aria-current. On
 * small screens it folds behind a disclosure button; on wide screens it is always open.
 */
export function LessonCurriculumPanel({
  courseSlug,
  groups,
  currentLessonId,
  children,
}: {
  courseSlug: string;
  groups: PanelGroup[];
  currentLessonId: string;
  /** Shown above the list (the progress bar). */
  children?: React.ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  return (
    <nav aria-label="Course curriculum" className="rounded-xl border bg-card">
      <div className="flex items-center justify-between gap-3 border-b p-4">
        <h2 className="text-base font-semibold">Course content</h2>
        <button
          type="button"
          className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-medium text-primary hover:bg-secondary focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden lg:hidden"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? "Hide lessons" : "Show lessons"}
          <ChevronDown aria-hidden="true" className={cn("size-4 transition-transform", open && "rotate-180")} />
        </button>
      </div>
      {children ? <div className="border-b p-4">{children}</div> : null}
      <div id={listId} className={cn("lg:block", open ? "block" : "hidden")}>
        {groups.length === 0 ? (
          <p className="p-4 text-sm text-muted-foreground">This course has no lessons yet.</p>
        ) : (
          <ol className="max-h-[70vh] overflow-y-auto py-2">
            {groups.map((group) => (
              <li key={group.id}>
                <h3 className="px-4 pt-3 pb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">{group.title}</h3>
                <ol>
                  {group.lessons.map((lesson) => (
                    <PanelItem key={lesson.id} courseSlug={courseSlug} lesson={lesson} current={lesson.id === currentLessonId} />
                  ))}
                </ol>
              </li>
            ))}
          </ol>
        )}
      </div>
    </nav>
  );
}

function PanelItem({ courseSlug, lesson, current }: { courseSlug: string; lesson: PanelLesson; current: boolean }) {
  const TypeIcon = lesson.type === "article" ? FileText : lesson.type === "quiz" ? ListChecks : PlayCircle;
  const duration = formatLessonDuration(lesson.durationSeconds);
  const StateIcon = lesson.completed ? CheckCircle2 : lesson.locked ? Lock : Circle;
  return (
    <li>
      <Link
        to={lessonPath(courseSlug, lesson.slug)}
        aria-current={current ? "page" : undefined}
        className={cn(
          "flex items-start gap-3 px-4 py-2 text-sm hover:bg-secondary focus-visible:bg-secondary focus-visible:outline-hidden",
          current && "bg-accent font-semibold text-accent-foreground",
        )}
      >
        <StateIcon
          aria-hidden="true"
          className={cn("mt-0.5 size-4 shrink-0", lesson.completed ? "text-success" : "text-muted-foreground")}
        />
        <span className="min-w-0 flex-1">
          <span className="block">{lesson.title}</span>
          <span className="mt-0.5 flex items-center gap-2 text-xs font-normal text-muted-foreground">
            <TypeIcon aria-hidden="true" className="size-3" />
            {lessonTypeLabel(lesson.type)}
            {duration ? <span>· {duration}</span> : null}
            {lesson.isPreview ? <span>· Free preview</span> : null}
          </span>
          {lesson.opensOn ? <span className="mt-0.5 block text-xs font-normal text-muted-foreground">Opens on {lesson.opensOn}</span> : null}
          {/* The state in words, for screen readers; the icon shows it to everyone else. */}
          <span className="sr-only">
            {[""]
              .concat(
                [current ? "Current lesson" : null, lesson.completed ? "Completed" : null, lesson.locked && !lesson.opensOn ? "Locked" : null].filter(
                  (state): state is string => Boolean(state),
                ),
              )
              .join(", ")}
          </span>
        </span>
      </Link>
    </li>
  );
}
