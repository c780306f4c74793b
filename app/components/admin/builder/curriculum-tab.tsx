import { useState } from "react";
import { Layers } from "lucide-react";
import { EmptyState } from "~/components/ui/empty-state";
import { BUILDER_MESSAGES } from "~/lib/builder-messages";
import type { BuilderLesson, BuilderModule, BuilderVideo, Curriculum } from "~/server/curriculum/curriculum.server";
import type { BuilderQuiz } from "~/server/quizzes/quiz-editor.server";
import type { LessonFile } from "~/server/curriculum/lesson-files.server";
import { AddLessonButton, AddModuleButton, type CurriculumControls } from "./curriculum-controls";
import { LessonDialog } from "./lesson-dialog";
import { LessonGroup } from "./lesson-group";
import { useStreamProgressPolling } from "./lesson-video-state";
import { ModuleCard } from "./module-card";
import { ModuleDialog } from "./module-dialog";
import { useBuilderAction } from "./use-builder-action";
import { useCurriculumDrag } from "./use-curriculum-drag";
import { useCurriculumMoves } from "./use-curriculum-moves";

/**
 * The builder's Curriculum tab: the flat lessons, then the modules with their lessons, reordered
 * by drag and drop or the arrow buttons, each row with Edit and Delete.
 */
export function CurriculumTab({
  curriculum,
  quizzes,
  videos,
  files,
}: {
  curriculum: Curriculum;
  /** Each lesson's downloadable files, by lesson id. */
  files: Record<string, LessonFile[]>;
  quizzes: Record<string, BuilderQuiz>;
  videos: Record<string, BuilderVideo>;
}) {
  const moves = useCurriculumMoves(curriculum);
  const drag = useCurriculumDrag(curriculum, moves);
  const remove = useBuilderAction();
  const [collapsed, setCollapsed] = useState<Set<string>>(() => new Set());
  const [editingLesson, setEditingLesson] = useState<BuilderLesson | null>(null);
  const [editingModule, setEditingModule] = useState<BuilderModule | null>(null);
  const controls: CurriculumControls = { moves, drag, remove, editLesson: setEditingLesson, videos };
  useStreamProgressPolling(videos);

  const moduleCount = curriculum.modules.length;
  const lessonCount = curriculum.lessons.length + curriculum.modules.reduce((sum, module) => sum + module.lessons.length, 0);
  const toggle = (moduleId: string) =>
    setCollapsed((current) => {
      const next = new Set(current);
      if (next.has(moduleId)) next.delete(moduleId);
      else next.add(moduleId);
      return next;
    });

  return (
    <div className="grid gap-4">
      <p role="status" aria-live="polite" className="sr-only">
        {moves.announcement}
      </p>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold">Curriculum</h2>
          <p className="text-sm text-muted-foreground">
            {moduleCount} {moduleCount === 1 ? "module" : "modules"} · {lessonCount} {lessonCount === 1 ? "lesson" : "lessons"}. Drag rows,
            or use the arrow buttons, to reorder.
          </p>
        </div>
        {moduleCount > 0 ? <AddModuleButton>Add Module</AddModuleButton> : null}
      </div>

      {curriculum.lessons.length > 0 ? (
        <section
          aria-labelledby="flat-lessons-heading"
          {...drag.lessonDropProps(null)}
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
            <AddLessonButton moduleId={null} label="Add lesson to Lessons without a module" onAdded={setEditingLesson} />
          </div>
          <LessonGroup moduleId={null} lessons={curriculum.lessons} label="Lessons without a module" controls={controls} />
        </section>
      ) : null}

      {moduleCount === 0 ? (
        <EmptyState
          icon={<Layers />}
          title={BUILDER_MESSAGES.noModules}
          titleAs="h3"
          description="Modules group a course's lessons into chapters."
          action={<AddModuleButton>{BUILDER_MESSAGES.addFirstModule}</AddModuleButton>}
        />
      ) : (
        <ol aria-label="Modules" className="grid gap-4">
          {curriculum.modules.map((module, index) => (
            <ModuleCard
              key={module.id}
              module={module}
              index={index}
              count={moduleCount}
              open={!collapsed.has(module.id)}
              onToggle={() => toggle(module.id)}
              onEdit={() => setEditingModule(module)}
              controls={controls}
            />
          ))}
        </ol>
      )}

      {editingLesson ? (
        <LessonDialog
          key={editingLesson.id}
          lesson={editingLesson}
          modules={curriculum.modules.map((module) => ({ id: module.id, title: module.title }))}
          quiz={quizzes[editingLesson.id] ?? null}
          files={files[editingLesson.id] ?? []}
          onClose={() => setEditingLesson(null)}
        />
      ) : null}
      {editingModule ? <ModuleDialog key={editingModule.id} module={editingModule} onClose={() => setEditingModule(null)} /> : null}
    </div>
  );
}
