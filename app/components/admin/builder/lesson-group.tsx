import { FileText, GripVertical, ListChecks, Video } from "lucide-react";
import { lessonTypeLabel } from "~/lib/domain-values";
import { Badge } from "~/components/ui/badge";
import { BUILDER_MESSAGES } from "~/lib/builder-messages";
import { cn } from "~/lib/utils";
import type { BuilderLesson } from "~/server/curriculum/curriculum.server";
import { LessonVideoState } from "./lesson-video-state";
import { RowControls, type CurriculumControls } from "./curriculum-controls";
import { groupEndId } from "./use-curriculum-drag";

function formatDuration(seconds: number) {
  if (seconds <= 0) return null;
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return minutes > 0 ? `${minutes}:${String(rest).padStart(2, "0")} min` : `${rest} s`;
}

/** One group's lessons in order (the flat lessons, or a module's), with a drop target at the end while a lesson is dragged. */
export function LessonGroup({
  moduleId,
  lessons,
  label,
  controls,
}: {
  moduleId: string | null;
  lessons: BuilderLesson[];
  label: string;
  controls: CurriculumControls;
}) {
  const { dragging, dropTarget } = controls.drag;
  return (
    <ol aria-label={label} data-lesson-group={moduleId ?? "flat"} className="grid gap-2">
      {lessons.map((lesson, index) => (
        <LessonRow key={lesson.id} lesson={lesson} index={index} count={lessons.length} controls={controls} />
      ))}
      {/* Where a dragged lesson lands at the end of this group (the only target of an empty one). */}
      <li
        aria-hidden="true"
        className={cn(
          "rounded-md border border-dashed border-transparent text-center text-xs text-muted-foreground",
          dragging?.kind === "lesson" ? "border-border py-2" : "h-0 overflow-hidden",
          dropTarget?.id === groupEndId(moduleId) && "border-primary bg-primary/5",
        )}
      >
        {dragging?.kind === "lesson" ? "Drop here to move the lesson to the end" : null}
      </li>
    </ol>
  );
}

function LessonRow({
  lesson,
  index,
  count,
  controls: { moves, drag, remove, editLesson, videos },
}: {
  lesson: BuilderLesson;
  index: number;
  count: number;
  controls: CurriculumControls;
}) {
  const duration = formatDuration(lesson.durationSeconds);
  const target = drag.dropTarget?.id === lesson.id ? drag.dropTarget.place : null;
  return (
    <li
      {...drag.lessonDragProps(lesson)}
      data-lesson-id={lesson.id}
      data-testid="lesson-row"
      className={cn(
        "relative flex flex-wrap items-center gap-3 rounded-md border border-border bg-background px-3 py-2",
        drag.dragging?.id === lesson.id && "opacity-50",
        target === "before" && "before:absolute before:inset-x-0 before:-top-1.5 before:h-0.5 before:bg-primary",
        target === "after" && "after:absolute after:inset-x-0 after:-bottom-1.5 after:h-0.5 after:bg-primary",
      )}
    >
      <GripVertical aria-hidden="true" className="size-4 shrink-0 cursor-grab text-muted-foreground" />
      <div className="grid min-w-0 flex-1 gap-0.5">
        <span data-testid="lesson-title" className="truncate font-medium">
          {lesson.title}
        </span>
        <span className="truncate text-xs text-muted-foreground">/{lesson.slug}</span>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant="outline">
          {lesson.type === "article" ? (
            <FileText aria-hidden="true" />
          ) : lesson.type === "quiz" ? (
            <ListChecks aria-hidden="true" />
          ) : (
            <Video aria-hidden="true" />
          )}
          {lessonTypeLabel(lesson.type)}
        </Badge>
        <Badge variant={lesson.isPreview ? "success" : "secondary"}>
          {lesson.isPreview ? BUILDER_MESSAGES.preview : BUILDER_MESSAGES.enrolledOnly}
        </Badge>
        {duration ? <span className="text-xs text-muted-foreground tabular-nums">{duration}</span> : null}
      </div>
      {videos[lesson.id] ? <LessonVideoState lessonId={lesson.id} lessonTitle={lesson.title} video={videos[lesson.id]} /> : null}
      <RowControls
        rowId={lesson.id}
        name={`“${lesson.title}”`}
        index={index}
        count={count}
        moving={moves.busy}
        onStep={(direction) => moves.stepLesson(lesson, index, direction)}
        onEdit={() => editLesson(lesson)}
        remove={remove}
        removeIntent="delete-lesson"
        removeField="lessonId"
        confirm={BUILDER_MESSAGES.confirmDeleteLesson}
      />
    </li>
  );
}
