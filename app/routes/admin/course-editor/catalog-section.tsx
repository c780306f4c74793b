import { useId } from "react";
import { Checkbox } from "~/components/ui/checkbox";
import { CheckboxField } from "~/components/ui/checkbox-field";
import { FormField } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { TOPIC_LABELS, TOPICS, type Topic } from "~/lib/domain-values";
import { COURSE_LIMITS } from "~/lib/forms/limits";
import type { FieldErrors } from "~/lib/forms/parse-form";
import { topicInputName, type CourseFormChange, type CourseFormValues } from "../course-form";

/** Catalog and Home Page: topics, track, outcomes and the featured flag. */
export function CatalogSection({
  values,
  errors,
  onChange,
}: {
  values: CourseFormValues;
  errors: FieldErrors;
  onChange: CourseFormChange;
}) {
  return (
    <section aria-labelledby="course-catalog-heading" className="grid gap-6 rounded-xl border border-border bg-card p-4 sm:p-6">
      <div className="grid gap-1">
        <h2 id="course-catalog-heading" className="text-lg font-semibold">
          Catalog and Home Page
        </h2>
        <p className="text-sm text-muted-foreground">
          How visitors find the course: its topics filter the catalog; a featured course is shown on the home page.
        </p>
      </div>
      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-medium">Topics</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-3">
          {TOPICS.map((topic) => (
            <TopicCheckbox
              key={topic}
              topic={topic}
              checked={values.topics.includes(topic)}
              // Kept in the catalog's order, whatever order they were ticked in.
              onCheckedChange={(checked) =>
                onChange((current) => ({
                  topics: TOPICS.filter((known) => (known === topic ? checked : current.topics.includes(known))),
                }))
              }
            />
          ))}
        </div>
      </fieldset>
      <FormField
        className="content-start"
        label="Track"
        name="track"
        hint="Shown above the title on course cards, e.g. “Shopify Track”."
        error={errors.track}
      >
        <Input
          value={values.track}
          onChange={(event) => onChange({ track: event.target.value })}
          maxLength={COURSE_LIMITS.track}
          autoComplete="off"
        />
      </FormField>
      <FormField
        className="content-start"
        label="Outcomes"
        name="outcomes"
        hint={`What learners will be able to do: one a line, up to ${COURSE_LIMITS.outcomes}.`}
        error={errors.outcomes}
      >
        <Textarea value={values.outcomes} onChange={(event) => onChange({ outcomes: event.target.value })} rows={4} className="min-h-24" />
      </FormField>
      <CheckboxField
        name="isFeatured"
        label="Feature on the home page"
        hint="The home page shows the three newest featured courses that are published."
        checked={values.isFeatured}
        onCheckedChange={(checked) => onChange({ isFeatured: checked })}
      />
    </section>
  );
}

function TopicCheckbox({
  topic,
  checked,
  onCheckedChange,
}: {
  topic: Topic;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <Checkbox id={id} name={topicInputName(topic)} checked={checked} onCheckedChange={(state) => onCheckedChange(state === true)} />
      <Label htmlFor={id} className="font-normal">
        {TOPIC_LABELS[topic]}
      </Label>
    </div>
  );
}
