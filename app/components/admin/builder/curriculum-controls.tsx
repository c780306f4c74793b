import { ArrowDown, ArrowUp, Pencil, Plus, Trash2 } from "lucide-react";
import { ConfirmButton } from "~/components/ui/confirm-button";
import { Button } from "~/components/ui/button";
import type { BuilderLesson, BuilderVideo } from "~/server/curriculum/curriculum.server";
import { useBuilderAction } from "./use-builder-action";
import type { CurriculumDrag } from "./use-curriculum-drag";
import type { CurriculumMoves } from "./use-curriculum-moves";
import { moveButtonId, type MoveDirection } from "./use-refocus-after-move";

/** What every row of the curriculum acts through: the tab's moves, drag state, delete fetcher and lesson dialog. */
export type CurriculumControls = {
  moves: CurriculumMoves;
  drag: CurriculumDrag;
  remove: ReturnType<typeof useBuilderAction>;
  editLesson: (lesson: BuilderLesson) => void;
  /** Uploaded lessons' stream states and captions, by lesson id. */
  videos: Record<string, BuilderVideo>;
};

/** The buttons of a lesson row or a module header: up, down, Edit and Delete. */
export function RowControls({
  rowId,
  name,
  index,
  count,
  moving,
  onStep,
  onEdit,
  remove,
  removeIntent,
  removeField,
  confirm,
}: {
  rowId: string;
  /** How the buttons name the row: `“Intro”`, `module “Basics”`. */
  name: string;
  /** The row's place in its list, from 0, and how many rows the list has. */
  index: number;
  count: number;
  moving: boolean;
  onStep: (direction: MoveDirection) => void;
  onEdit: () => void;
  /** The tab's delete fetcher, which outlives the deleted row (and shows its toast). */
  remove: ReturnType<typeof useBuilderAction>;
  removeIntent: "delete-lesson" | "delete-module";
  removeField: "lessonId" | "moduleId";
  confirm: string;
}) {
  const deleting = remove.busy && remove.fetcher.formData?.get(removeField) === rowId;
  const arrow = (direction: MoveDirection, disabled: boolean) => (
    <Button
      id={moveButtonId(rowId, direction)}
      type="button"
      variant="ghost"
      size="sm"
      disabled={disabled || moving}
      aria-label={`Move ${name} ${direction}`}
      onClick={() => onStep(direction)}
    >
      {direction === "up" ? <ArrowUp aria-hidden="true" /> : <ArrowDown aria-hidden="true" />}
    </Button>
  );
  return (
    <div className="flex items-center gap-1">
      {arrow("up", index === 0)}
      {arrow("down", index === count - 1)}
      <Button type="button" variant="outline" size="sm" aria-label={`Edit ${name}`} onClick={onEdit}>
        <Pencil aria-hidden="true" /> Edit
      </Button>
      <ConfirmButton
        trigger={
          <Button
            type="button"
            variant="ghost"
            size="sm"
            loading={deleting}
            aria-label={`Delete ${name}`}
            className="text-destructive hover:text-destructive"
          >
            <Trash2 aria-hidden="true" />
          </Button>
        }
        title={`Delete ${name}?`}
        description={confirm}
        confirmLabel="Delete"
        onConfirm={() => void remove.fetcher.submit({ intent: removeIntent, [removeField]: rowId }, { method: "post" })}
      />
    </div>
  );
}

/** Add Lesson to a group: a module, or the flat lessons (`moduleId` null). */
export function AddLessonButton({ moduleId, label }: { moduleId: string | null; label: string }) {
  const { fetcher, busy } = useBuilderAction();
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="moduleId" value={moduleId ?? ""} />
      <Button type="submit" name="intent" value="add-lesson" variant="outline" size="sm" loading={busy} aria-label={label}>
        <Plus aria-hidden="true" /> Add Lesson
      </Button>
    </fetcher.Form>
  );
}

/** Add Module (or, in the empty state, the spec's 'Add your first module'). */
export function AddModuleButton({ children }: { children: React.ReactNode }) {
  const { fetcher, busy } = useBuilderAction();
  return (
    <fetcher.Form method="post">
      <Button type="submit" name="intent" value="add-module" loading={busy}>
        <Plus aria-hidden="true" /> {children}
      </Button>
    </fetcher.Form>
  );
}
