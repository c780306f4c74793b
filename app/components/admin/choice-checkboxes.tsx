/** One choice of a `ChoiceCheckboxes` group: the value sent, shown as code, and what it means. */
export type CodeChoice = { value: string; label: string };

/**
 * A fieldset of checkboxes whose values are technical names (an API key's scopes, a webhook's
 * events): each shows the name as code with its meaning beneath, and the group's error below.
 */
export function ChoiceCheckboxes({
  legend,
  name,
  choices,
  checked,
  error,
}: {
  legend: string;
  /** The form field every ticked box sends, once per value. */
  name: string;
  choices: readonly CodeChoice[];
  /** The values ticked when the page opens (what the user typed, after an error). */
  checked: ReadonlySet<string>;
  error?: string;
}) {
  const errorId = `${name}-error`;
  return (
    <fieldset className="grid gap-3" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      {choices.map((choice) => (
        <label key={choice.value} className="flex items-start gap-3 text-sm">
          <input type="checkbox" name={name} value={choice.value} defaultChecked={checked.has(choice.value)} className="mt-0.5 size-4 accent-primary" />
          <span className="grid gap-0.5">
            <code className="font-medium">{choice.value}</code>
            <span className="text-muted-foreground">{choice.label}</span>
          </span>
        </label>
      ))}
      {error ? (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
