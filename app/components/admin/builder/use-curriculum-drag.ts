import { useState } from "react";
import type { BuilderLesson, BuilderModule, Curriculum } from "~/server/curriculum/curriculum.server";
import type { CurriculumMoves } from "./use-curriculum-moves";

/** What is being dragged: a lesson or a module, by id. Pointer drag is native HTML5 drag and drop. */
export type Dragging = { kind: "lesson"; id: string } | { kind: "module"; id: string } | null;
/** Where it would land: before or after a row, or at the end of a lesson group. */
export type DropTarget = { id: string; place: "before" | "after" | "end" } | null;

const DRAG_TYPE = { lesson: "application/x-launchpad-lesson", module: "application/x-launchpad-module" } as const;

type DragEvent = React.DragEvent<HTMLElement>;

/** The id of the drop target at the end of a lesson group. */
export const groupEndId = (moduleId: string | null) => `end-${moduleId ?? "flat"}`;

/** Whether the pointer is in the lower half of the element, i.e. a drop goes after it. */
function isAfter(event: DragEvent) {
  const box = event.currentTarget.getBoundingClientRect();
  return event.clientY > box.top + box.height / 2;
}

/** The position (from 1) `id` takes when dropped at `target` in `ids` (its group, in order). */
export function dropPosition(ids: string[], id: string, target: NonNullable<DropTarget>) {
  const rest = ids.filter((other) => other !== id);
  if (target.place === "end") return rest.length + 1;
  const index = rest.indexOf(target.id);
  return (index === -1 ? rest.length : index + (target.place === "after" ? 1 : 0)) + 1;
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
  return { id: groupEndId(moduleId), place: "end" };
}

/**
 * Drag and drop of the curriculum: lessons within and between groups (the flat lessons and each
 * module), modules among themselves. Gives the props for each draggable row and each drop area;
 * a drop becomes one of `moves`' submissions.
 */
export function useCurriculumDrag(curriculum: Curriculum, moves: Pick<CurriculumMoves, "moveLesson" | "moveModule">) {
  const [dragging, setDragging] = useState<Dragging>(null);
  const [dropTarget, setDropTarget] = useState<DropTarget>(null);

  const groups = [
    { moduleId: null as string | null, lessons: curriculum.lessons },
    ...curriculum.modules.map((module) => ({ moduleId: module.id, lessons: module.lessons })),
  ];

  /** Chrome cancels a drag whose source changes during dragstart: show the drag state a frame later. */
  function startDrag(event: DragEvent, next: NonNullable<Dragging>) {
    event.dataTransfer.effectAllowed = "move";
    event.dataTransfer.setData(DRAG_TYPE[next.kind], next.id);
    requestAnimationFrame(() => setDragging(next));
  }

  function endDrag() {
    setDragging(null);
    setDropTarget(null);
  }

  function aim(event: DragEvent, next: NonNullable<DropTarget>) {
    event.preventDefault();
    event.dataTransfer.dropEffect = "move";
    if (next.id !== dropTarget?.id || next.place !== dropTarget?.place) setDropTarget(next);
  }

  /** A lesson row: dragged on its own, not with the module card around it. */
  function lessonDragProps(lesson: BuilderLesson) {
    return {
      draggable: true,
      onDragStart: (event: DragEvent) => {
        event.stopPropagation();
        startDrag(event, { kind: "lesson", id: lesson.id });
      },
      onDragEnd: endDrag,
    };
  }

  /** A module's header: the handle that drags the whole card. */
  function moduleHandleProps(module: BuilderModule) {
    return {
      draggable: true,
      onDragStart: (event: DragEvent) => {
        const card = event.currentTarget.parentElement;
        if (card) event.dataTransfer.setDragImage(card, 16, 16);
        startDrag(event, { kind: "module", id: module.id });
      },
      onDragEnd: endDrag,
    };
  }

  function dropLesson(event: DragEvent, moduleId: string | null) {
    event.preventDefault();
    const lesson = groups.flatMap((group) => group.lessons).find((candidate) => candidate.id === dragging?.id);
    const where = lessonTargetAt(event.currentTarget, moduleId, event.clientY);
    endDrag();
    if (!lesson || where.id === lesson.id) return;
    const ids = groups.find((group) => group.moduleId === moduleId)!.lessons.map((other) => other.id);
    const position = dropPosition(ids, lesson.id, where);
    if (lesson.moduleId === moduleId && ids.indexOf(lesson.id) + 1 === position) return;
    moves.moveLesson(lesson, moduleId, position);
  }

  function dropModule(event: DragEvent, module: BuilderModule) {
    event.preventDefault();
    const dragged = curriculum.modules.find((candidate) => candidate.id === dragging?.id);
    const where = { id: module.id, place: isAfter(event) ? ("after" as const) : ("before" as const) };
    endDrag();
    if (!dragged || dragged.id === module.id) return;
    const ids = curriculum.modules.map((candidate) => candidate.id);
    const position = dropPosition(ids, dragged.id, where);
    if (ids.indexOf(dragged.id) + 1 !== position) moves.moveModule(dragged, position);
  }

  /** A whole lesson group (the flat lessons' section) as a drop target for lessons. */
  function lessonDropProps(moduleId: string | null) {
    return {
      onDragOver: (event: DragEvent) => {
        if (dragging?.kind === "lesson") aim(event, lessonTargetAt(event.currentTarget, moduleId, event.clientY));
      },
      onDrop: (event: DragEvent) => {
        if (dragging?.kind === "lesson") dropLesson(event, moduleId);
      },
    };
  }

  /** A module card: a module lands before or after it, a lesson in the module's group. */
  function moduleDropProps(module: BuilderModule) {
    return {
      onDragOver: (event: DragEvent) => {
        if (dragging?.kind === "lesson") aim(event, lessonTargetAt(event.currentTarget, module.id, event.clientY));
        else if (dragging?.kind === "module") aim(event, { id: module.id, place: isAfter(event) ? "after" : "before" });
      },
      onDrop: (event: DragEvent) => {
        if (dragging?.kind === "lesson") dropLesson(event, module.id);
        else if (dragging?.kind === "module") dropModule(event, module);
      },
    };
  }

  return { dragging, dropTarget, lessonDragProps, moduleHandleProps, lessonDropProps, moduleDropProps };
}

export type CurriculumDrag = ReturnType<typeof useCurriculumDrag>;
