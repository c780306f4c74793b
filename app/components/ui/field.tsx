import * as React from "react";
import { Slot } from "radix-ui";

import { cn } from "~/lib/utils";
import { Label } from "~/components/ui/label";

type FormFieldControlProps = {
  id: string;
  name?: string;
  "aria-describedby"?: string;
  "aria-invalid"?: true;
};

type FormFieldProps = Omit<React.ComponentProps<"div">, "children"> & {
  label: React.ReactNode;
  /** Id of the control; generated when omitted. */
  id?: string;
  /** Passed to the control as its `name`. */
  name?: string;
  hint?: React.ReactNode;
  /** One message or several (as zod's `flatten().fieldErrors` gives them). */
  error?: string | readonly string[] | null;
  /**
   * The control. A single element receives `id`, `name`, `aria-describedby` and
   * `aria-invalid` through a Slot; a function receives them as an object to spread.
   */
  children: React.ReactElement | ((control: FormFieldControlProps) => React.ReactNode);
};

function FormField({ label, id: idProp, name, hint, error, children, className, ...props }: FormFieldProps) {
  const generatedId = React.useId();
  const id = idProp ?? generatedId;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const errors = (typeof error === "string" ? [error] : (error ?? [])).filter(Boolean);
  const invalid = errors.length > 0;
  const describedBy = [hint ? hintId : null, invalid ? errorId : null].filter(Boolean).join(" ");

  const control: FormFieldControlProps = {
    id,
    ...(name ? { name } : {}),
    ...(describedBy ? { "aria-describedby": describedBy } : {}),
    ...(invalid ? { "aria-invalid": true as const } : {}),
  };

  return (
    <div data-slot="form-field" data-invalid={invalid || undefined} className={cn("grid gap-2", className)} {...props}>
      <Label htmlFor={id}>{label}</Label>
      {typeof children === "function" ? (
        children(control)
      ) : (
        <Slot.Root data-slot="form-field-control" {...control}>
          {children}
        </Slot.Root>
      )}
      {hint ? (
        <p id={hintId} data-slot="form-field-hint" className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {invalid ? (
        <p id={errorId} data-slot="form-field-error" className="text-sm font-medium text-destructive">
          {errors.map((message, index) => (
            <span key={index} className="block">
              {message}
            </span>
          ))}
        </p>
      ) : null}
    </div>
  );
}

export { FormField };
export type { FormFieldControlProps, FormFieldProps };
