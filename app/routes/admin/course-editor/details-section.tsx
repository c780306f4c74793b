import { FormField } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { LEVEL_LABELS, LEVELS, type Level } from "~/lib/domain-values";
import { COURSE_LIMITS } from "~/lib/forms/limits";
import { moneyInputStep } from "~/lib/money";
import { useSchoolMoney } from "~/components/use-site-settings";
import type { FieldErrors } from "~/lib/forms/parse-form";
import type { CourseFormChange, CourseFormValues } from "../course-form";
import { CoverField } from "~/components/admin/cover-field";

/** Course Details: title and slug, short and long description, price, level and cover. */
export function DetailsSection({
  values,
  errors,
  onChange,
  onTitleChange,
  onSlugTyped,
  courseId,
}: {
  values: CourseFormValues;
  errors: FieldErrors;
  onChange: CourseFormChange;
  /** The title as typed; the editor decides whether the slug follows it. */
  onTitleChange: (title: string) => void;
  /** The admin typed in the slug itself: it stops following the title. */
  onSlugTyped: () => void;
  courseId?: string;
}) {
  const { currency } = useSchoolMoney();
  return (
    <section aria-labelledby="course-details-heading" className="grid gap-6 rounded-xl border border-border bg-card p-4 sm:p-6">
      <h2 id="course-details-heading" className="text-lg font-semibold">
        Course Details
      </h2>
      <div className="grid gap-6 md:grid-cols-2">
        <FormField className="content-start" label="Title" name="title" error={errors.title}>
          <Input
            value={values.title}
            onChange={(event) => onTitleChange(event.target.value)}
            required
            maxLength={COURSE_LIMITS.title}
            autoComplete="off"
          />
        </FormField>
        <FormField
          className="content-start"
          label="Slug"
          name="slug"
          hint="Made from the title; letters, digits and hyphens. A taken slug gets -1, -2, …"
          error={errors.slug}
        >
          <Input
            value={values.slug}
            onChange={(event) => {
              onSlugTyped();
              onChange({ slug: event.target.value });
            }}
            maxLength={COURSE_LIMITS.slug}
            autoComplete="off"
            spellCheck={false}
          />
        </FormField>
      </div>
      <FormField
        className="content-start"
        label="Short Description"
        name="shortDescription"
        hint="One or two sentences for course cards, search results and link previews."
        error={errors.shortDescription}
      >
        <Textarea
          value={values.shortDescription}
          onChange={(event) => onChange({ shortDescription: event.target.value })}
          required
          rows={2}
          maxLength={COURSE_LIMITS.shortDescription}
          className="min-h-16"
        />
      </FormField>
      <FormField
        className="content-start"
        label="Long Description (Markdown)"
        name="longDescriptionMd"
        error={errors.longDescriptionMd}
      >
        <Textarea
          value={values.longDescriptionMd}
          onChange={(event) => onChange({ longDescriptionMd: event.target.value })}
          rows={10}
          maxLength={COURSE_LIMITS.longDescriptionMd}
          className="min-h-48 font-mono text-sm"
          spellCheck
        />
      </FormField>
      <div className="grid gap-6 sm:grid-cols-2">
        <FormField className="content-start" label={`Price in ${currency.toUpperCase()}`} name="price" hint="0 for a free course." error={errors.price}>
          <Input
            type="number"
            inputMode="decimal"
            min={0}
            step={moneyInputStep(currency)}
            value={values.price}
            onChange={(event) => onChange({ price: event.target.value })}
          />
        </FormField>
        <FormField className="content-start" label="Level" name="level">
          <NativeSelect value={values.level} onChange={(event) => onChange({ level: event.target.value as Level })}>
            {LEVELS.map((level) => (
              <option key={level} value={level}>
                {LEVEL_LABELS[level]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      <CoverField ownerId={courseId} coverUrl={values.coverUrl} onChange={(coverUrl) => onChange({ coverUrl })} />
    </section>
  );
}
