import { ChevronRight, GripVertical, CalendarClock } from "lucide-react";
import { describeDrip } from "~/lib/drip";
import { BUILDER_MESSAGES } from "~/lib/builder-messages";
import { cn } from "~/lib/utils";
import type { BuilderModule } from "~/server/curriculum/curriculum.server";
import { AddLessonButton, RowControls, type CurriculumControls } from "./curriculum-controls";
import { LessonGroup } from "./lesson-group";

/** A module: its header (drag handle, collapse toggle, controls) and, while open, its description and lessons. */
export function ModuleCard({
  module,
  index,
  count,
  open,
  onToggle,
  onEdit,
  controls,
}: {
  module: BuilderModule;
  /** The module's place among the course's modules, from 0, and how many there are. */
  index: number;
  count: number;
  open: boolean;
  onToggle: () => void;
  onEdit: () => void;
  controls: CurriculumControls;
}) {
  const { drag, moves, remove } = controls;
  const bodyId = `module-body-${module.id}`;
  const target = drag.dropTarget?.id === module.id ? drag.dropTarget.place : null;
  const lessonCount = `${module.lessons.length} ${module.lessons.length === 1 ? "lesson" : "lessons"}`;
  return (
    <li
      data-testid="module-card"
      {...drag.moduleDropProps(module)}
      className={cn(
        "relative grid gap-3 rounded-xl border border-border bg-card p-4",
        drag.dragging?.id === module.id && "opacity-50",
        target === "before" && "before:absolute before:inset-x-0 before:-top-2.5 before:h-0.5 before:bg-primary",
        target === "after" && "after:absolute after:inset-x-0 after:-bottom-2.5 after:h-0.5 after:bg-primary",
      )}
    >
      <div {...drag.moduleHandleProps(module)} data-testid="module-header" className="flex flex-wrap items-center gap-2">
        <GripVertical aria-hidden="true" className="size-4 shrink-0 cursor-grab text-muted-foreground" />
        <h3 className="min-w-0 flex-1">
          <button
            type="button"
            aria-expanded={open}
            aria-controls={bodyId}
            onClick={onToggle}
            className="flex w-full items-center gap-2 rounded-md text-left font-semibold focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden"
          >
            <ChevronRight aria-hidden="true" className={cn("size-4 shrink-0 transition-transform", open && "rotate-90")} />
            <span className="truncate">{module.title}</span>
            <span className="shrink-0 text-sm font-normal text-muted-foreground">({lessonCount})</span>
          </button>
        </h3>
        <RowControls
          rowId={module.id}
          name={`module “${module.title}”`}
          index={index}
          count={count}
          moving={moves.busy}
          onStep={(direction) => moves.stepModule(module, index, direction)}
          onEdit={onEdit}
          remove={remove}
          removeIntent="delete-module"
          removeField="moduleId"
          confirm={BUILDER_MESSAGES.confirmDeleteModule}
        />
      </div>
      <div id={bodyId} hidden={!open} className="grid gap-3 pl-6">
        {module.description ? <p className="text-sm text-muted-foreground">{module.description}</p> : null}
        {describeDrip(module) ? (
          <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
            <CalendarClock aria-hidden="true" className="size-4" /> {describeDrip(module)}
          </p>
        ) : null}
        {module.lessons.length === 0 && drag.dragging?.kind !== "lesson" ? (
          <p className="text-sm text-muted-foreground">No lessons in this module yet.</p>
        ) : null}
        <LessonGroup moduleId={module.id} lessons={module.lessons} label={`Lessons of ${module.title}`} controls={controls} />
        <div>
          <AddLessonButton moduleId={module.id} label={`Add lesson to “${module.title}”`} />
        </div>
      </div>
    </li>
  );
}
