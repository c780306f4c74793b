import { useEffect, useRef, useState } from "react";
import { ArrowDown, ArrowUp, ChevronRight, FileText, GripVertical, Layers, Pencil, Plus, Trash2, Video } from "lucide-react";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "~/components/ui/alert-dialog";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { BUILDER_MESSAGES } from "~/lib/builder-messages";
import { cn } from "~/lib/utils";
import type { BuilderLesson, BuilderModule, Curriculum } from "~/server/curriculum/curriculum.server";
import { LessonDialog, type LessonDialogLimits } from "./lesson-dialog";
import { ModuleDialog } from "./module-dialog";
import { useBuilderAction } from "./use-builder-action";

type Limits = LessonDialogLimits & { moduleDescription: number };

/** What is being dragged: a lesson or a module, by id. Pointer drag is native HTML5 drag and drop. */
type Dragging = { kind: "lesson"; id: string } | { kind: "module"; id: string } | null;
/** Where it would land: before or after a row, or at the end of a lesson group. */
type DropTarget = { id: string; place: "before" | "after" | "end" } | null;

const DRAG_TYPE = { lesson: "application/x-launchpad-lesson", module: "application/x-launchpad-module" } as const;

function formatDuration(seconds: number) {
  if (seconds <= 0) return null;
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return minutes > 0 ? `${minutes}:${String(rest).padStart(2, "0")} min` : `${rest} s`;
}

/** Whether the pointer is in the lower half of the element, i.e. a drop goes after it. */
function isAfter(event: React.DragEvent<HTMLElement>) {
  const box = event.currentTarget.getBoundingClientRect();
  return event.clientY > box.top + box.height / 2;
}

/** The position (from 1) `id` takes when dropped at `target` in `ids` (its group, in order). */
function dropPosition(ids: string[], id: string, target: NonNullable<DropTarget>) {
  const rest = ids.filter((other) => other !== id);
  if (target.place === "end") return rest.length + 1;
  const index = rest.indexOf(target.id);
  return (index === -1 ? rest.length : index + (target.place === "after" ? 1 : 0)) + 1;
}

export function CurriculumTab({ curriculum, limits }: { curriculum: Curriculum; limits: Limits }) {
  const add = useBuilderAction();
  const move = useBuilderAction();
  const remove = useBuilderAction();
  const [collapsed, setCollapsed] = useState<Set<string>>(() => new Set());
  const [dragging, setDragging] = useState<Dragging>(null);
  const [dropTarget, setDropTarget] = useState<DropTarget>(null);
  const [editingLesson, setEditingLesson] = useState<BuilderLesson | null>(null);
  const [editingModule, setEditingModule] = useState<BuilderModule | null>(null);
  const [announcement, setAnnouncement] = useState("");
  // After a keyboard move the row is re-rendered elsewhere: put focus back on its button.
  const refocus = useRef<{ id: string; direction: "up" | "down" } | null>(null);

  const groups = [
    { moduleId: null as string | null, lessons: curriculum.lessons },
    ...curriculum.modules.map((module) => ({ moduleId: module.id, lessons: module.lessons })),
  ];
  const groupOf = (moduleId: string | null) => groups.find((group) => group.moduleId === moduleId)!;
  const lessonCount = groups.reduce((sum, group) => sum + group.lessons.length, 0);

  useEffect(() => {
    if (move.fetcher.state !== "idle" || !refocus.current) return;
    const { id, direction } = refocus.current;
    refocus.current = null;
    const same = document.getElementById(`move-${id}-${direction}`) as HTMLButtonElement | null;
    const other = document.getElementById(`move-${id}-${direction === "up" ? "down" : "up"}`) as HTMLButtonElement | null;
    (same && !same.disabled ? same : other)?.focus();
  }, [move.fetcher.state, curriculum]);

  function submitMove(fields: Record<string, string>, message: string) {
    setAnnouncement(message);
    void move.fetcher.submit({ ...fields }, { method: "post" });
  }

  function moveLessonTo(lesson: BuilderLesson, moduleId: string | null, position: number) {
    const target = curriculum.modules.find((module) => module.id === moduleId);
    const groupName = target ? `“${target.title}”` : "Lessons without a module";
    submitMove(
      { intent: "move-lesson", lesson_id: lesson.id, module_id: moduleId ?? "", position: String(position) },
      `Moved “${lesson.title}” to position ${position} in ${groupName}.`,
    );
  }

  function moveModuleTo(module: BuilderModule, position: number) {
    submitMove(
      { intent: "move-module", module_id: module.id, position: String(position) },
      `Moved module “${module.title}” to position ${position}.`,
    );
  }

  function stepLesson(lesson: BuilderLesson, index: number, direction: "up" | "down") {
    refocus.current = { id: lesson.id, direction };
    moveLessonTo(lesson, lesson.moduleId, index + 1 + (direction === "up" ? -1 : 1));
  }

  function stepModule(module: BuilderModule, index: number, direction: "up" | "down") {
    refocus.current = { id: module.id, direction };
    moveModuleTo(module, index + 1 + (direction === "up" ? -1 : 1));
  }

  /** Chrome cancels a drag whose source changes during dragstart: show the drag state a frame later. */
  function startDrag(next: NonNullable<Dragging>) {
    requestAnimationFrame(() => setDragging(next));
  }

  function endDrag() {
    setDragging(null);
    setDropTarget(null);
  }

  /**
   * Where a lesson dropped at this height lands in a group: before the first row whose middle is
   * below the pointer, else at the end. Read from the rows on screen, so a drop anywhere over the
   * group (between rows, on its heading) counts, not only one exactly on a row.
   */
  function lessonTargetAt(container: HTMLElement, moduleId: string | null, clientY: number): NonNullable<DropTarget> {
    const group = container.querySelector<HTMLElement>(`[data-lesson-group="${moduleId ?? "flat"}"]`);
    const rows = group ? [...group.querySelectorAll<HTMLElement>("[data-lesson-id]")] : [];
    for (const row of rows) {
      const box = row.getBoundingClientRect();
      if (clientY < box.top + box.height / 2) return { id: row.dataset.lessonId!, place: "before" };
    }
    return { id: `end-${moduleId ?? "flat"}`, place: "end" };
  }

  /** Drag-and-drop handlers that make a whole lesson group (the flat lessons, or a module card) a drop target. */
  function lessonDropProps(moduleId: string | null) {
    return {
      onDragOver: (event: React.DragEvent<HTMLElement>) => {
        if (dragging?.kind !== "lesson") return;
        event.preventDefault();
        event.dataTransfer.dropEffect = "move";
        const next = lessonTargetAt(event.currentTarget, moduleId, event.clientY);
        if (next.id !== dropTarget?.id || next.place !== dropTarget?.place) setDropTarget(next);
      },
      onDrop: (event: React.DragEvent<HTMLElement>) => {
        if (dragging?.kind !== "lesson") return;
        event.preventDefault();
        const lesson = groups.flatMap((group) => group.lessons).find((candidate) => candidate.id === dragging.id);
        const where = lessonTargetAt(event.currentTarget, moduleId, event.clientY);
        endDrag();
        if (!lesson || where.id === lesson.id) return;
        const ids = groupOf(moduleId).lessons.map((other) => other.id);
        const position = dropPosition(ids, lesson.id, where);
        if (lesson.moduleId === moduleId && ids.indexOf(lesson.id) + 1 === position) return;
        moveLessonTo(lesson, moduleId, position);
      },
    };
  }

  function renderLessons(moduleId: string | null, lessons: BuilderLesson[], label: string) {
    const endId = `end-${moduleId ?? "flat"}`;
    return (
      <ol aria-label={label} data-lesson-group={moduleId ?? "flat"} className="grid gap-2">
        {lessons.map((lesson, index) => (
          <li
            key={lesson.id}
            draggable
            onDragStart={(event) => {
              event.stopPropagation();
              event.dataTransfer.effectAllowed = "move";
              event.dataTransfer.setData(DRAG_TYPE.lesson, lesson.id);
              startDrag({ kind: "lesson", id: lesson.id });
            }}
            onDragEnd={endDrag}
            data-lesson-id={lesson.id}
            data-testid="lesson-row"
            className={cn(
              "relative flex flex-wrap items-center gap-3 rounded-md border border-border bg-background px-3 py-2",
              dragging?.id === lesson.id && "opacity-50",
              dropTarget?.id === lesson.id &&
                dropTarget.place === "before" &&
                "before:absolute before:inset-x-0 before:-top-1.5 before:h-0.5 before:bg-primary",
              dropTarget?.id === lesson.id &&
                dropTarget.place === "after" &&
                "after:absolute after:inset-x-0 after:-bottom-1.5 after:h-0.5 after:bg-primary",
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
                {lesson.type === "article" ? <FileText aria-hidden="true" /> : <Video aria-hidden="true" />}
                {lesson.type === "article" ? "Article" : "Video"}
              </Badge>
              <Badge variant={lesson.isPreview ? "success" : "secondary"}>
                {lesson.isPreview ? BUILDER_MESSAGES.preview : BUILDER_MESSAGES.enrolledOnly}
              </Badge>
              {formatDuration(lesson.durationSeconds) ? (
                <span className="text-xs text-muted-foreground tabular-nums">{formatDuration(lesson.durationSeconds)}</span>
              ) : null}
            </div>
            <div className="flex items-center gap-1">
              <Button
                id={`move-${lesson.id}-up`}
                type="button"
                variant="ghost"
                size="sm"
                disabled={index === 0 || move.busy}
                aria-label={`Move “${lesson.title}” up`}
                onClick={() => stepLesson(lesson, index, "up")}
              >
                <ArrowUp aria-hidden="true" />
              </Button>
              <Button
                id={`move-${lesson.id}-down`}
                type="button"
                variant="ghost"
                size="sm"
                disabled={index === lessons.length - 1 || move.busy}
                aria-label={`Move “${lesson.title}” down`}
                onClick={() => stepLesson(lesson, index, "down")}
              >
                <ArrowDown aria-hidden="true" />
              </Button>
              <Button
                type="button"
                variant="outline"
                size="sm"
                aria-label={`Edit “${lesson.title}”`}
                onClick={() => setEditingLesson(lesson)}
              >
                <Pencil aria-hidden="true" /> Edit
              </Button>
              <DeleteButton
                remove={remove}
                intent="delete-lesson"
                field={{ lesson_id: lesson.id }}
                label={`Delete “${lesson.title}”`}
                title={`Delete “${lesson.title}”?`}
                confirm={BUILDER_MESSAGES.confirmDeleteLesson}
              />
            </div>
          </li>
        ))}
        {/* Where a dragged lesson lands at the end of this group (the only target of an empty one). */}
        <li
          aria-hidden="true"
          className={cn(
            "rounded-md border border-dashed border-transparent text-center text-xs text-muted-foreground",
            dragging?.kind === "lesson" ? "border-border py-2" : "h-0 overflow-hidden",
            dropTarget?.id === endId && "border-primary bg-primary/5",
          )}
        >
          {dragging?.kind === "lesson" ? "Drop here to move the lesson to the end" : null}
        </li>
      </ol>
    );
  }

  return (
    <div className="grid gap-4">
      <p role="status" aria-live="polite" className="sr-only">
        {move.busy ? "" : announcement}
      </p>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold">Curriculum</h2>
          <p className="text-sm text-muted-foreground">
            {curriculum.modules.length} {curriculum.modules.length === 1 ? "module" : "modules"} · {lessonCount}{" "}
            {lessonCount === 1 ? "lesson" : "lessons"}. Drag rows, or use the arrow buttons, to reorder.
          </p>
        </div>
        {curriculum.modules.length > 0 ? (
          <add.fetcher.Form method="post">
            <Button type="submit" name="intent" value="add-module" loading={add.busy}>
              <Plus aria-hidden="true" /> Add Module
            </Button>
          </add.fetcher.Form>
        ) : null}
      </div>

      {curriculum.lessons.length > 0 ? (
        <section
          aria-labelledby="flat-lessons-heading"
          {...lessonDropProps(null)}
          className="grid gap-3 rounded-xl border border-border bg-card p-4"
        >
          <div className="flex flex-wrap items-center justify-between gap-2">
            <div>
              <h3 id="flat-lessons-heading" className="font-semibold">
                Lessons without a module
              </h3>
              <p className="text-sm text-muted-foreground">
                Listed first on the course page. Move one into a module by dragging it there or in its Edit dialog.
              </p>
            </div>
            <AddLessonButton moduleId={null} label="Add lesson to Lessons without a module" />
          </div>
          {renderLessons(null, curriculum.lessons, "Lessons without a module")}
        </section>
      ) : null}

      {curriculum.modules.length === 0 ? (
        <EmptyState
          icon={<Layers />}
          title={BUILDER_MESSAGES.noModules}
          titleAs="h3"
          description="Modules group a course's lessons into chapters."
          action={
            <add.fetcher.Form method="post">
              <Button type="submit" name="intent" value="add-module" loading={add.busy}>
                <Plus aria-hidden="true" /> {BUILDER_MESSAGES.addFirstModule}
              </Button>
            </add.fetcher.Form>
          }
        />
      ) : (
        <ol aria-label="Modules" className="grid gap-4">
          {curriculum.modules.map((module, index) => {
            const open = !collapsed.has(module.id);
            const bodyId = `module-body-${module.id}`;
            const lessonDrop = lessonDropProps(module.id);
            return (
              <li
                key={module.id}
                data-testid="module-card"
                onDragOver={(event) => {
                  if (dragging?.kind === "lesson") return lessonDrop.onDragOver(event);
                  if (dragging?.kind !== "module") return;
                  event.preventDefault();
                  event.dataTransfer.dropEffect = "move";
                  const place = isAfter(event) ? "after" : "before";
                  if (dropTarget?.id !== module.id || dropTarget.place !== place) setDropTarget({ id: module.id, place });
                }}
                onDrop={(event) => {
                  if (dragging?.kind === "lesson") return lessonDrop.onDrop(event);
                  if (dragging?.kind !== "module") return;
                  event.preventDefault();
                  const dragged = curriculum.modules.find((candidate) => candidate.id === dragging.id);
                  const where = { id: module.id, place: isAfter(event) ? ("after" as const) : ("before" as const) };
                  endDrag();
                  if (!dragged || dragged.id === module.id) return;
                  const ids = curriculum.modules.map((candidate) => candidate.id);
                  const position = dropPosition(ids, dragged.id, where);
                  if (ids.indexOf(dragged.id) + 1 !== position) moveModuleTo(dragged, position);
                }}
                className={cn(
                  "relative grid gap-3 rounded-xl border border-border bg-card p-4",
                  dragging?.id === module.id && "opacity-50",
                  dropTarget?.id === module.id &&
                    dropTarget.place === "before" &&
                    "before:absolute before:inset-x-0 before:-top-2.5 before:h-0.5 before:bg-primary",
                  dropTarget?.id === module.id &&
                    dropTarget.place === "after" &&
                    "after:absolute after:inset-x-0 after:-bottom-2.5 after:h-0.5 after:bg-primary",
                )}
              >
                <div
                  draggable
                  onDragStart={(event) => {
                    event.dataTransfer.effectAllowed = "move";
                    event.dataTransfer.setData(DRAG_TYPE.module, module.id);
                    const card = event.currentTarget.parentElement;
                    if (card) event.dataTransfer.setDragImage(card, 16, 16);
                    startDrag({ kind: "module", id: module.id });
                  }}
                  onDragEnd={endDrag}
                  data-testid="module-header"
                  className="flex flex-wrap items-center gap-2"
                >
                  <GripVertical aria-hidden="true" className="size-4 shrink-0 cursor-grab text-muted-foreground" />
                  <h3 className="min-w-0 flex-1">
                    <button
                      type="button"
                      aria-expanded={open}
                      aria-controls={bodyId}
                      onClick={() =>
                        setCollapsed((current) => {
                          const next = new Set(current);
                          if (next.has(module.id)) next.delete(module.id);
                          else next.add(module.id);
                          return next;
                        })
                      }
                      className="flex w-full items-center gap-2 rounded-md text-left font-semibold focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden"
                    >
                      <ChevronRight aria-hidden="true" className={cn("size-4 shrink-0 transition-transform", open && "rotate-90")} />
                      <span className="truncate">{module.title}</span>
                      <span className="shrink-0 text-sm font-normal text-muted-foreground">
                        ({module.lessons.length} {module.lessons.length === 1 ? "lesson" : "lessons"})
                      </span>
                    </button>
                  </h3>
                  <div className="flex items-center gap-1">
                    <Button
                      id={`move-${module.id}-up`}
                      type="button"
                      variant="ghost"
                      size="sm"
                      disabled={index === 0 || move.busy}
                      aria-label={`Move module “${module.title}” up`}
                      onClick={() => stepModule(module, index, "up")}
                    >
                      <ArrowUp aria-hidden="true" />
                    </Button>
                    <Button
                      id={`move-${module.id}-down`}
                      type="button"
                      variant="ghost"
                      size="sm"
                      disabled={index === curriculum.modules.length - 1 || move.busy}
                      aria-label={`Move module “${module.title}” down`}
                      onClick={() => stepModule(module, index, "down")}
                    >
                      <ArrowDown aria-hidden="true" />
                    </Button>
                    <Button
                      type="button"
                      variant="outline"
                      size="sm"
                      aria-label={`Edit module “${module.title}”`}
                      onClick={() => setEditingModule(module)}
                    >
                      <Pencil aria-hidden="true" /> Edit
                    </Button>
                    <DeleteButton
                      remove={remove}
                      intent="delete-module"
                      field={{ module_id: module.id }}
                      label={`Delete module “${module.title}”`}
                      title={`Delete module “${module.title}”?`}
                      confirm={BUILDER_MESSAGES.confirmDeleteModule}
                    />
                  </div>
                </div>
                <div id={bodyId} hidden={!open} className="grid gap-3 pl-6">
                  {module.description ? <p className="text-sm text-muted-foreground">{module.description}</p> : null}
                  {module.lessons.length === 0 && dragging?.kind !== "lesson" ? (
                    <p className="text-sm text-muted-foreground">No lessons in this module yet.</p>
                  ) : null}
                  {renderLessons(module.id, module.lessons, `Lessons of ${module.title}`)}
                  <div>
                    <AddLessonButton moduleId={module.id} label={`Add lesson to “${module.title}”`} />
                  </div>
                </div>
              </li>
            );
          })}
        </ol>
      )}

      {editingLesson ? (
        <LessonDialog
          key={editingLesson.id}
          lesson={editingLesson}
          modules={curriculum.modules.map((module) => ({ id: module.id, title: module.title }))}
          limits={limits}
          onClose={() => setEditingLesson(null)}
        />
      ) : null}
      {editingModule ? (
        <ModuleDialog key={editingModule.id} module={editingModule} limits={limits} onClose={() => setEditingModule(null)} />
      ) : null}
    </div>
  );
}

function AddLessonButton({ moduleId, label }: { moduleId: string | null; label: string }) {
  const { fetcher, busy } = useBuilderAction();
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="module_id" value={moduleId ?? ""} />
      <Button type="submit" name="intent" value="add-lesson" variant="outline" size="sm" loading={busy} aria-label={label}>
        <Plus aria-hidden="true" /> Add Lesson
      </Button>
    </fetcher.Form>
  );
}

/** A delete confirmed in a dialog; `remove` is the tab's fetcher, which outlives the deleted row (and shows its toast). */
function DeleteButton({
  remove,
  intent,
  field,
  label,
  title,
  confirm,
}: {
  remove: ReturnType<typeof useBuilderAction>;
  intent: string;
  field: Record<string, string>;
  label: string;
  title: string;
  confirm: string;
}) {
  const busy = remove.busy && remove.fetcher.formData?.get(Object.keys(field)[0]) === Object.values(field)[0];
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          loading={busy}
          aria-label={label}
          className="text-destructive hover:text-destructive"
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{confirm}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction variant="destructive" onClick={() => void remove.fetcher.submit({ intent, ...field }, { method: "post" })}>
            Delete
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
