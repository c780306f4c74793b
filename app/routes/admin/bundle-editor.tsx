import { useState, type ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { CoverField } from "~/components/admin/cover-field";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { FormField } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { BUNDLE_LIMITS } from "~/lib/bundles";
import { PUBLISH_STATUS_LABELS, PUBLISH_STATUSES } from "~/lib/domain-values";
import type { FieldErrors } from "~/lib/forms/parse-form";
import { formatMoney } from "~/lib/money";
import { positionsOf, type BundleFormValues } from "./bundle-form";

export type BundleCourseChoice = { id: string; title: string; status: string; priceCents: number };

/**
 * The New / Edit bundle form. It works without JavaScript: each course is a checkbox with its
 * position in the bundle beside it; the server checks the rest (a published course at least, a
 * price of $0 or more, a free slug) and says what is wrong next to the field, keeping what was typed.
 */
export function BundleEditor({
  title,
  initial,
  errors = {},
  courses,
  currency,
  submitLabel,
  aside,
  bundleId,
}: {
  title: string;
  /** The bundle being edited (its cover uploads go to its folder); none for a new one. */
  bundleId?: string;
  initial: BundleFormValues;
  errors?: FieldErrors;
  courses: BundleCourseChoice[];
  currency: string;
  submitLabel: string;
  aside?: ReactNode;
}) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formMethod === "POST";
  const chosen = new Set(initial.courseIds.split(",").filter(Boolean));
  const positions = positionsOf(initial.positions);
  const courseErrorId = "bundle-courses-error";
  const [coverUrl, setCoverUrl] = useState(initial.coverUrl);
  return (
    <div className="grid max-w-3xl grid-cols-1 gap-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="text-sm">
            <Link to="/admin/bundles" className="text-muted-foreground hover:underline">
              Bundles
            </Link>
          </p>
          <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        </div>
        {aside}
      </div>
      <Form method="post" className="grid gap-6" noValidate>
        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2>The bundle</h2>
            </CardTitle>
            <CardDescription>Its page is /bundles/slug; the catalog lists it once it is published.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-5">
            <FormField label="Title" name="title" error={errors.title}>
              <Input defaultValue={initial.title} maxLength={BUNDLE_LIMITS.title} required />
            </FormField>
            <FormField label="Slug" name="slug" hint="Letters, digits and dashes; made from the title when empty." error={errors.slug}>
              <Input defaultValue={initial.slug} maxLength={BUNDLE_LIMITS.slug} autoComplete="off" spellCheck={false} />
            </FormField>
            <FormField label="Description" name="description" error={errors.description}>
              <Textarea defaultValue={initial.description} maxLength={BUNDLE_LIMITS.description} rows={4} />
            </FormField>
            <CoverField
              kind="bundle-cover"
              ownerId={bundleId}
              coverUrl={coverUrl}
              onChange={setCoverUrl}
              urlField={({ value, onChange }) => (
                <FormField
                  label="Cover image URL"
                  name="coverUrl"
                  hint="Filled in by the upload, or an https address; the first course's cover when empty."
                  error={errors.coverUrl}
                >
                  <Input value={value} onChange={(event) => onChange(event.target.value)} autoComplete="off" />
                </FormField>
              )}
            />
            <FormField
              label={`Price (${currency.toUpperCase()})`}
              name="price"
              hint="What the bundle costs; the page shows the saving against its courses' prices."
              error={errors.price}
            >
              <Input defaultValue={initial.price} inputMode="decimal" autoComplete="off" className="max-w-40" />
            </FormField>
            <fieldset className="grid gap-2">
              <legend className="mb-1 text-sm font-medium">Status</legend>
              {PUBLISH_STATUSES.map((status) => (
                <label key={status} className="flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name="status"
                    value={status}
                    defaultChecked={initial.status === status}
                    className="size-4 accent-primary"
                  />
                  {PUBLISH_STATUS_LABELS[status]}
                </label>
              ))}
              {errors.status?.length ? <p className="text-sm font-medium text-destructive">{errors.status.join(" ")}</p> : null}
            </fieldset>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2>Courses</h2>
            </CardTitle>
            <CardDescription>
              Tick the courses it holds and number them in the order its page lists them. Only published courses are sold with it.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <fieldset className="grid gap-2" aria-describedby={errors.courseIds?.length ? courseErrorId : undefined}>
              <legend className="sr-only">Courses in the bundle</legend>
              {courses.length === 0 ? <p className="text-sm text-muted-foreground">No courses yet.</p> : null}
              {courses.map((course) => (
                <div key={course.id} className="flex flex-wrap items-center gap-3 rounded-md border p-2">
                  <label className="flex min-w-0 flex-1 items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      name="courseIds"
                      value={course.id}
                      defaultChecked={chosen.has(course.id)}
                      className="size-4 accent-primary"
                    />
                    <span className="truncate">{course.title}</span>
                    <span className="text-xs text-muted-foreground">
                      {formatMoney(course.priceCents, currency)}
                      {course.status === "published" ? "" : " · draft"}
                    </span>
                  </label>
                  <label className="flex items-center gap-2 text-xs text-muted-foreground">
                    <span>
                      Position<span className="sr-only"> of {course.title}</span>
                    </span>
                    <input
                      name={`position.${course.id}`}
                      defaultValue={positions.get(course.id) ?? ""}
                      inputMode="numeric"
                      className="h-8 w-14 rounded-md border bg-background px-2 text-sm"
                    />
                  </label>
                </div>
              ))}
              {errors.courseIds?.length ? (
                <p id={courseErrorId} className="text-sm font-medium text-destructive">
                  {errors.courseIds.join(" ")}
                </p>
              ) : null}
            </fieldset>
          </CardContent>
        </Card>

        <div>
          <Button type="submit" name="intent" value="save" loading={saving}>
            {submitLabel}
          </Button>
        </div>
      </Form>
    </div>
  );
}
