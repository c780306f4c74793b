import { Star } from "lucide-react";
import { MarkdownPreview } from "~/components/admin/markdown-preview";
import { Badge } from "~/components/ui/badge";
import { LEVEL_LABELS } from "~/lib/domain-values";
import { toMinorUnits } from "~/lib/money";
import { useSchoolMoney } from "~/components/use-site-settings";
import { topicPlaceholder } from "~/lib/topics";
import type { CourseFormValues } from "../course-form";
import { imageSrc } from "~/lib/image-url";

/** The course as a visitor will see it: its catalog card, outcomes, lessons and rendered description. */
export function CoursePreview({ id, values, moduleLessonCount }: { id: string; values: CourseFormValues; moduleLessonCount: number }) {
  const { money, currency } = useSchoolMoney();
  const cents = toMinorUnits(values.price || "0", currency);
  const outcomes = values.outcomes
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  const titled = values.lessons.filter((lesson) => lesson.title.trim());
  const lessonCount = values.lessons.length + moduleLessonCount;
  return (
    <section
      id={id}
      aria-labelledby={`${id}-heading`}
      className="grid gap-4 rounded-xl border border-border bg-card p-4 sm:p-6 xl:sticky xl:top-4"
    >
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        Preview
      </h2>
      <article className="overflow-hidden rounded-xl border border-border bg-background shadow-sm">
        <img src={imageSrc(values.coverUrl) ?? topicPlaceholder(values.topics[0])} alt="" className="aspect-video w-full object-cover" />
        <div className="grid gap-2 p-4">
          <p className="flex items-center gap-2 text-xs font-semibold tracking-wide text-primary uppercase">
            {values.track || values.topics[0] || "Course"}
            {values.isFeatured ? (
              <Badge variant="warning">
                <Star aria-hidden="true" /> Featured
              </Badge>
            ) : null}
          </p>
          <h3 className="text-lg leading-snug font-semibold">{values.title || "Untitled course"}</h3>
          <p className="text-sm text-muted-foreground">{values.shortDescription || "No short description yet."}</p>
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
            <li>{LEVEL_LABELS[values.level]}</li>
            <li>
              {lessonCount} {lessonCount === 1 ? "lesson" : "lessons"}
            </li>
            {values.topics.map((topic) => (
              <li key={topic}>{topic}</li>
            ))}
          </ul>
          <p className="border-t border-border pt-3 text-lg font-bold">{Number.isFinite(cents) && cents >= 0 ? money(cents) : "—"}</p>
        </div>
      </article>
      {outcomes.length > 0 ? (
        <div className="grid gap-2">
          <h3 className="text-sm font-semibold">What you’ll learn</h3>
          <ul className="list-disc space-y-1 pl-5 text-sm">
            {outcomes.map((outcome, index) => (
              <li key={index}>{outcome}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {titled.length > 0 ? (
        <div className="grid gap-2">
          <h3 className="text-sm font-semibold">{moduleLessonCount > 0 ? "Lessons before the modules" : "Lessons"}</h3>
          <ol className="list-decimal space-y-1 pl-5 text-sm">
            {titled.map((lesson) => (
              <li key={lesson.key}>{lesson.title}</li>
            ))}
          </ol>
        </div>
      ) : null}
      <div className="grid gap-2">
        <h3 className="text-sm font-semibold">Description</h3>
        <MarkdownPreview markdown={values.longDescriptionMd} />
      </div>
    </section>
  );
}
