import { Search } from "lucide-react";
import type { FormEvent, Ref } from "react";
import { useNavigate } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/select";
import { useDebouncedSearch } from "~/components/use-debounced-search";
import { cn } from "~/lib/utils";

/** A menu of the form: a sort, or a filter such as a role or a status. */
export type ListSelect = {
  /** The URL parameter it sets. */
  name: string;
  label: string;
  /** The value in the URL now ("" for All). */
  value: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  /** A first option with the value "" ("All roles"), for a filter that can be off. */
  allLabel?: string;
  /** Applies as soon as it changes (a sort); otherwise with the Search button (a filter). */
  applyOnChange?: boolean;
  /** Width of the menu's column, e.g. "md:w-56". */
  className?: string;
};

/**
 * The search box and menus of a list page, public or admin. A plain GET form, so it works without
 * JavaScript; once hydrated, submitting and the menus marked `applyOnChange` are client-side
 * navigations (back and forward step through them) and, with `delayMs`, typing applies after a
 * pause. The addresses come from the list's `list-url` declaration through `hrefFor`.
 */
export function ListSearchForm({
  id,
  action,
  hidden = {},
  searchLabel,
  placeholder,
  maxLength = 100,
  query,
  selects = [],
  delayMs,
  hrefFor,
  inputRef,
  keyShortcut,
}: {
  /** Prefix of the controls' ids. */
  id: string;
  action: string;
  /** The list's other state, carried along when the form is submitted without JavaScript. */
  hidden?: Record<string, string | null | undefined>;
  searchLabel: string;
  placeholder: string;
  maxLength?: number;
  /** The search in the URL now. */
  query: string;
  selects?: ListSelect[];
  /** Typing applies after this pause; without it, the search applies when submitted. */
  delayMs?: number;
  /** The list's address with these form fields (as strings) changed and its other state kept. */
  hrefFor: (fields: Record<string, string>) => string;
  inputRef?: Ref<HTMLInputElement>;
  /** Announced on the search box when a key focuses it. */
  keyShortcut?: string;
}) {
  const navigate = useNavigate();
  const search = useDebouncedSearch({
    urlQuery: query,
    delayMs,
    apply: (value) => {
      if (value.trim() === query) return;
      // Refining a search replaces its history entry; starting or clearing one adds an entry.
      navigate(hrefFor({ q: value }), { replace: Boolean(query && value.trim()), preventScrollReset: true });
    },
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const fields: Record<string, string> = { q: search.query };
    for (const select of selects) fields[select.name] = String(form.get(select.name) ?? "");
    search.cancel();
    navigate(hrefFor(fields), { preventScrollReset: true });
  }

  return (
    <form method="get" action={action} role="search" onSubmit={onSubmit} className="flex flex-col gap-3 md:flex-row md:items-end">
      {Object.entries(hidden).map(([name, value]) => (value ? <input key={name} type="hidden" name={name} value={value} /> : null))}
      <div className="flex flex-1 flex-col gap-2">
        <label htmlFor={`${id}-search`} className="text-sm font-medium">
          {searchLabel}
        </label>
        <div className="flex gap-2">
          <Input
            ref={inputRef}
            id={`${id}-search`}
            type="search"
            name="q"
            value={search.query}
            maxLength={maxLength}
            placeholder={placeholder}
            autoComplete="off"
            aria-keyshortcuts={keyShortcut}
            onChange={(event) => search.change(event.target.value)}
          />
          <Button type="submit" variant="secondary">
            <Search aria-hidden="true" />
            Search
          </Button>
        </div>
      </div>
      {selects.map((select) => (
        <div key={select.name} className={cn("flex flex-col gap-2", select.className)}>
          <label htmlFor={`${id}-${select.name}`} className="text-sm font-medium">
            {select.label}
          </label>
          <NativeSelect
            id={`${id}-${select.name}`}
            name={select.name}
            // Uncontrolled and re-keyed on the URL's value (back/forward), so a choice shows at once.
            key={select.value}
            defaultValue={select.value}
            onChange={
              select.applyOnChange
                ? (event) => navigate(hrefFor({ q: search.query, [select.name]: event.target.value }), { preventScrollReset: true })
                : undefined
            }
          >
            {select.allLabel !== undefined ? <option value="">{select.allLabel}</option> : null}
            {select.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </NativeSelect>
        </div>
      ))}
    </form>
  );
}
