import { useId } from "react";
import { Link } from "react-router";
import { Checkbox } from "~/components/ui/checkbox";
import { CheckboxField } from "~/components/ui/checkbox-field";
import { FormField } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { COURSE_LIMITS } from "~/lib/forms/limits";
import type { FieldErrors } from "~/lib/forms/parse-form";
import { topicInputName, type CourseFormChange, type CourseFormValues } from "../course-form";

/** A topic the owner made (Admin → Topics). */
export type TopicOption = { name: string; slug: string };

/** Catalog and Home Page: topics, track, outcomes and the featured flag. */
export function CatalogSection({
  values,
  errors,
  onChange,
  topics,
}: {
  values: CourseFormValues;
  errors: FieldErrors;
  onChange: CourseFormChange;
  topics: TopicOption[];
}) {
  const topicsErrorId = useId();
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
      <fieldset className="grid gap-3" aria-describedby={errors.topics ? topicsErrorId : undefined}>
        <legend className="mb-2 text-sm font-medium">Topics</legend>
        {topics.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No topics yet. Add them in{" "}
            <Link to="/admin/topics" className="underline underline-offset-4">
              Topics
            </Link>
            .
          </p>
        ) : (
          <div className="flex flex-wrap gap-x-6 gap-y-3">
            {topics.map((topic) => (
              <TopicCheckbox
                key={topic.slug}
                topic={topic}
                checked={values.topics.includes(topic.name)}
                // Kept in the catalog's order, whatever order they were ticked in.
                onCheckedChange={(checked) =>
                  onChange((current) => ({
                    topics: topics
                      .map((known) => known.name)
                      .filter((name) => (name === topic.name ? checked : current.topics.includes(name))),
                  }))
                }
              />
            ))}
          </div>
        )}
        {errors.topics ? (
          <p id={topicsErrorId} className="text-sm text-destructive" role="alert">
            {errors.topics[0]}
          </p>
        ) : null}
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
  topic: TopicOption;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <Checkbox
        id={id}
        name={topicInputName(topic.slug)}
        value={topic.name}
        checked={checked}
        onCheckedChange={(state) => onCheckedChange(state === true)}
      />
      <Label htmlFor={id} className="font-normal">
        {topic.name}
      </Label>
    </div>
  );
}
