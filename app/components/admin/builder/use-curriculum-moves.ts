import { useState } from "react";
import type { BuilderLesson, BuilderModule, Curriculum } from "~/server/curriculum/curriculum.server";
import { useBuilderAction } from "./use-builder-action";
import { useRefocusAfterMove, type MoveDirection } from "./use-refocus-after-move";

/**
 * Moving lessons and modules, by drag and drop or by the arrow buttons: one fetcher for every
 * move, a polite announcement of each for screen readers, and focus kept on the arrow pressed.
 */
export function useCurriculumMoves(curriculum: Curriculum) {
  const move = useBuilderAction();
  const [announcement, setAnnouncement] = useState("");
  const refocusLater = useRefocusAfterMove(move.fetcher.state === "idle", curriculum);

  function submitMove(fields: Record<string, string>, message: string) {
    setAnnouncement(message);
    void move.fetcher.submit({ ...fields }, { method: "post" });
  }

  /** Puts a lesson at `position` (from 1) in a module, or in the flat lessons (`moduleId` null). */
  function moveLesson(lesson: BuilderLesson, moduleId: string | null, position: number) {
    const target = curriculum.modules.find((module) => module.id === moduleId);
    const groupName = target ? `“${target.title}”` : "Lessons without a module";
    submitMove(
      { intent: "move-lesson", lessonId: lesson.id, moduleId: moduleId ?? "", position: String(position) },
      `Moved “${lesson.title}” to position ${position} in ${groupName}.`,
    );
  }

  function moveModule(module: BuilderModule, position: number) {
    submitMove(
      { intent: "move-module", moduleId: module.id, position: String(position) },
      `Moved module “${module.title}” to position ${position}.`,
    );
  }

  /** One place up or down from `index` (from 0) in the lesson's own group. */
  function stepLesson(lesson: BuilderLesson, index: number, direction: MoveDirection) {
    refocusLater(lesson.id, direction);
    moveLesson(lesson, lesson.moduleId, index + 1 + (direction === "up" ? -1 : 1));
  }

  function stepModule(module: BuilderModule, index: number, direction: MoveDirection) {
    refocusLater(module.id, direction);
    moveModule(module, index + 1 + (direction === "up" ? -1 : 1));
  }

  return {
    busy: move.busy,
    /** What the live region says: the last move, once it is done. */
    announcement: move.busy ? "" : announcement,
    moveLesson,
    moveModule,
    stepLesson,
    stepModule,
  };
}

export type CurriculumMoves = ReturnType<typeof useCurriculumMoves>;
