import { FormField } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { PAGE_LIMITS } from "~/lib/page-sections";

type Values = Record<string, string | undefined>;

/** A native checkbox with its label: the form sends "on" when ticked, as checkboxField reads it. */
export function NativeCheckbox({ name, label, defaultChecked }: { name: string; label: string; defaultChecked: boolean }) {
  return (
    <label className="flex items-center gap-2 text-sm font-medium">
      <input type="checkbox" name={name} defaultChecked={defaultChecked} className="size-4 rounded border-input accent-primary" />
      {label}
    </label>
  );
}

/** Title, address, description and navigation: the same fields for a new page and an existing one. */
export function PageDetailsFields({ values, errors, withSlug }: { values: Values; errors: Record<string, string[]>; withSlug: boolean }) {
  return (
    <>
      <FormField label="Title" name="title" error={errors.title}>
        <Input defaultValue={values.title ?? ""} required maxLength={PAGE_LIMITS.title} autoComplete="off" />
      </FormField>
      {withSlug ? (
        <FormField label="Address" name="slug" error={errors.slug} hint="The page is at /p/ followed by this, e.g. /p/our-story.">
          <Input defaultValue={values.slug ?? ""} required maxLength={PAGE_LIMITS.slug} autoComplete="off" />
        </FormField>
      ) : null}
      <FormField label="Description for search engines" name="description" error={errors.description}>
        <Textarea defaultValue={values.description ?? ""} rows={2} maxLength={PAGE_LIMITS.description} />
      </FormField>
      {withSlug ? (
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">Link to it from</legend>
          <NativeCheckbox name="inHeader" label="The header" defaultChecked={values.inHeader === "on"} />
          <NativeCheckbox name="inFooter" label="The footer" defaultChecked={values.inFooter === "on"} />
        </fieldset>
      ) : null}
    </>
  );
}
