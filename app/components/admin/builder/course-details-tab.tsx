import { useState } from "react";
import { Button } from "~/components/ui/button";
import { CheckboxField } from "~/components/ui/checkbox-field";
import { FormField } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { COURSE_LIMITS } from "~/lib/forms/limits";
import { useSchoolMoney } from "~/components/use-site-settings";
import { builderSlug } from "~/lib/slug";
import { useBuilderAction } from "./use-builder-action";

type CourseDetails = { id: string; title: string; slug: string; description: string; priceCents: number; certificatesEnabled: boolean; newLessonMail: boolean };

/** Title, slug (follows the title until edited), description, price in cents, certificates and the new-lesson e-mail on or off, Save Changes. */
export function CourseDetailsTab({ course }: { course: CourseDetails }) {
  const { fetcher, busy, errors } = useBuilderAction();
  const { money } = useSchoolMoney();
  const [values, setValues] = useState({
    title: course.title,
    slug: course.slug,
    description: course.description,
    priceCents: String(course.priceCents),
    certificates: course.certificatesEnabled,
    newLessonMail: course.newLessonMail,
  });
  // The slug follows the title while it is the title's slug (§5 Builder); typing in it stops that.
  const [slugFollows, setSlugFollows] = useState(course.slug === builderSlug(course.title));
  const cents = /^\d+$/.test(values.priceCents) ? Number(values.priceCents) : null;

  return (
    <fetcher.Form method="post" noValidate className="grid gap-6 rounded-xl border border-border bg-card p-4 sm:p-6">
      <input type="hidden" name="intent" value="update-details" />
      <div className="grid gap-6 md:grid-cols-2">
        <FormField className="content-start" label="Title" name="title" error={errors.title}>
          <Input
            value={values.title}
            required
            maxLength={COURSE_LIMITS.title}
            autoComplete="off"
            onChange={(event) => {
              const title = event.target.value;
              setValues((current) => ({ ...current, title, ...(slugFollows ? { slug: builderSlug(title) } : {}) }));
            }}
          />
        </FormField>
        <FormField
          className="content-start"
          label="Slug"
          name="slug"
          error={errors.slug}
          hint={`The course page's address: /courses/${values.slug || "…"}`}
        >
          <Input
            value={values.slug}
            required
            maxLength={COURSE_LIMITS.slug}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => {
              setSlugFollows(false);
              setValues((current) => ({ ...current, slug: event.target.value }));
            }}
          />
        </FormField>
      </div>
      <FormField label="Description (Markdown)" name="description" error={errors.description}>
        <Textarea
          value={values.description}
          rows={10}
          maxLength={COURSE_LIMITS.longDescriptionMd}
          className="min-h-48 font-mono text-sm"
          onChange={(event) => setValues((current) => ({ ...current, description: event.target.value }))}
        />
      </FormField>
      <FormField
        className="max-w-md"
        label="Price (cents)"
        name="priceCents"
        error={errors.priceCents}
        hint={`A whole number of the currency's smallest unit (cents), as the spec keeps prices: 19700 is ${money(19700)}. 0 is free.`}
      >
        {(control) => (
          <div className="flex items-center gap-3">
            <Input
              {...control}
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              max={COURSE_LIMITS.priceCents}
              className="max-w-40"
              value={values.priceCents}
              onChange={(event) => setValues((current) => ({ ...current, priceCents: event.target.value }))}
            />
            {/* The amount as buyers will see it, following what is typed. */}
            <output htmlFor={control.id} aria-live="polite" data-testid="price-shown-as" className="text-sm font-medium tabular-nums">
              {cents !== null ? `Shown as ${money(cents)}` : "Not a whole number of cents"}
            </output>
          </div>
        )}
      </FormField>
      <CheckboxField
        name="certificates"
        label="Issue certificates of completion"
        hint="A learner who completes every lesson gets a PDF certificate with a public page to verify it, and an e-mail."
        checked={values.certificates}
        onCheckedChange={(checked) => setValues((current) => ({ ...current, certificates: checked }))}
      />
      <CheckboxField
        name="newLessonMail"
        label="E-mail learners about new lessons"
        hint="At most one e-mail a day to this course's learners, listing the lessons added since the day before. Learners can unsubscribe."
        checked={values.newLessonMail}
        onCheckedChange={(checked) => setValues((current) => ({ ...current, newLessonMail: checked }))}
      />
      <div className="flex justify-end">
        <Button type="submit" loading={busy}>
          Save Changes
        </Button>
      </div>
    </fetcher.Form>
  );
}
