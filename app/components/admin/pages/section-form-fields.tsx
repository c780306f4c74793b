import { useState } from "react";
import { FileUpload } from "~/components/admin/file-upload";
import { FormField } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import type { PageSectionKind } from "~/lib/domain-values";
import { itemRowCount, SECTION_FIELDS, type SectionField } from "~/lib/page-sections";
import { NativeCheckbox } from "./page-details-fields";

type Errors = Record<string, string[] | undefined>;

/** One field of a section's form, named as `readSectionForm` reads it. */
function Field({
  field,
  name,
  label,
  values,
  errors,
}: {
  field: SectionField;
  name: string;
  label: string;
  values: Record<string, string>;
  errors: Errors;
}) {
  const value = values[name] ?? "";
  switch (field.type) {
    case "checkbox":
      return <NativeCheckbox name={name} label={label} defaultChecked={value === "on"} />;
    case "select":
      return (
        <FormField label={label} name={name} error={errors[name]}>
          <NativeSelect defaultValue={value || field.options[0]?.value}>
            {field.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      );
    case "number":
      return (
        <FormField label={label} name={name} error={errors[name]}>
          <Input type="number" min={field.min} max={field.max} step={1} defaultValue={value} className="max-w-32" />
        </FormField>
      );
    case "textarea":
    case "markdown":
      return (
        <FormField label={label} name={name} error={errors[name]} hint={field.hint}>
          <Textarea
            defaultValue={value}
            rows={field.type === "markdown" ? 8 : 3}
            className={field.type === "markdown" ? "font-mono text-sm" : undefined}
          />
        </FormField>
      );
    case "image":
      return <ImageField name={name} label={label} initial={value} error={errors[name]} />;
    default:
      return (
        <FormField
          label={label}
          name={name}
          error={errors[name]}
          hint={
            field.type === "link"
              ? "A page of this site (/courses), an https:// address or mailto:"
              : field.hint
          }
        >
          <Input defaultValue={value} autoComplete="off" />
        </FormField>
      );
  }
}

/**
 * A picture's address, typed or filled in by an upload (stored in the site's media, checked like
 * every image upload), with a preview of what it names.
 */
function ImageField({ name, label, initial, error }: { name: string; label: string; initial: string; error?: string[] }) {
  const [url, setUrl] = useState(initial);
  const preview = url.startsWith("/") || url.startsWith("https://") ? url : null;
  return (
    <div className="grid gap-2">
      <FormField label={label} name={name} error={error} hint="An uploaded file (/media/…), a site image (/images/…) or an https:// address of a picture">
        <Input value={url} onChange={(event) => setUrl(event.target.value)} autoComplete="off" />
      </FormField>
      <div className="flex flex-wrap items-start gap-4">
        {preview ? <img src={preview} alt={`${label} preview`} className="h-16 w-28 rounded-md border border-border object-cover" /> : null}
        <FileUpload
          kind="page-image"
          label={url ? `Replace ${label.toLowerCase()}` : `Upload ${label.toLowerCase()}`}
          note="Save the section to use it."
          messages={{ success: "Image uploaded successfully", failure: "Failed to upload image" }}
          onUploaded={(result) => setUrl(result.url ?? "")}
        />
      </div>
    </div>
  );
}

/**
 * A section's fields for its kind, with its list of items (the filled rows and a couple of spare
 * ones; a row left empty is dropped on save). Errors are keyed by field name ("items.0.title").
 */
export function SectionFormFields({
  kind,
  values,
  errors,
  idPrefix,
}: {
  kind: PageSectionKind;
  values: Record<string, string>;
  errors: Errors;
  idPrefix: string;
}) {
  const { fields, list } = SECTION_FIELDS[kind];
  const rows = itemRowCount(kind, values);
  return (
    <div className="grid gap-4">
      {errors.form ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {errors.form.join(" ")}
        </p>
      ) : null}
      {fields.map((field) => (
        <Field key={field.name} field={field} name={field.name} label={field.label} values={values} errors={errors} />
      ))}
      {list ? (
        <fieldset className="grid gap-3">
          <legend className="mb-1 text-sm font-semibold">{list.label}</legend>
          {errors.items ? (
            <p id={`${idPrefix}-items-error`} className="text-sm font-medium text-destructive">
              {errors.items.join(" ")}
            </p>
          ) : null}
          {Array.from({ length: rows }, (_, index) => (
            <fieldset key={index} className="grid gap-3 rounded-lg border p-3 sm:grid-cols-2">
              <legend className="px-1 text-sm text-muted-foreground">
                {list.itemLabel} {index + 1}
              </legend>
              {list.fields.map((field) => (
                <div key={field.name} className={field.type === "textarea" ? "sm:col-span-2" : undefined}>
                  <Field
                    field={field}
                    name={`items.${index}.${field.name}`}
                    label={`${list.itemLabel} ${index + 1}: ${field.label}`}
                    values={values}
                    errors={errors}
                  />
                </div>
              ))}
            </fieldset>
          ))}
          <p className="text-sm text-muted-foreground">Leave a row empty to remove it. Save to get more empty rows (up to {list.max}).</p>
        </fieldset>
      ) : null}
    </div>
  );
}
