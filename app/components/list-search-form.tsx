import { Search } from "lucide-react";
import type { FormEvent } from "react";
import { useNavigate } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/select";
import { useDebouncedSearch } from "~/components/use-debounced-search";
import { cn } from "~/lib/utils";

/**
 * The search box and sort menu of a list page. A plain GET form, so it works without
 * JavaScript; once hydrated, typing applies after a pause and the sort on change, as client-side
 * navigations so back and forward step through them.
 */
export function ListSearchForm<Sort extends string>({
  id,
  action,
  hidden,
  searchLabel,
  placeholder,
  query,
  sort,
  sorts,
  delayMs,
  hrefFor,
  sortClassName = "md:w-56",
}: {
  /** Prefix of the controls' ids. */
  id: string;
  action: string;
  /** The list's other filters, carried along when the form is submitted without JavaScript. */
  hidden: Record<string, string | null | undefined>;
  searchLabel: string;
  placeholder: string;
  /** The search and sort in the URL now. */
  query: string;
  sort: Sort;
  sorts: ReadonlyArray<{ value: Sort; label: string }>;
  delayMs: number;
  /** The list's URL with this search and sort and its other filters unchanged. */
  hrefFor: (next: { q: string; sort?: Sort }) => string;
  sortClassName?: string;
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
    const chosen = new FormData(event.currentTarget).get("sort") as Sort | null;
    search.cancel();
    navigate(hrefFor({ q: search.query, sort: chosen ?? sort }), { preventScrollReset: true });
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
            id={`${id}-search`}
            type="search"
            name="q"
            value={search.query}
            maxLength={100}
            placeholder={placeholder}
            autoComplete="off"
            onChange={(event) => search.change(event.target.value)}
          />
          <Button type="submit" variant="secondary">
            <Search aria-hidden="true" />
            Search
          </Button>
        </div>
      </div>
      <div className={cn("flex flex-col gap-2", sortClassName)}>
        <label htmlFor={`${id}-sort`} className="text-sm font-medium">
          Sort by
        </label>
        <NativeSelect
          id={`${id}-sort`}
          name="sort"
          // Uncontrolled and re-keyed on the URL's sort (back/forward), so a choice shows at once.
          key={sort}
          defaultValue={sort}
          onChange={(event) => navigate(hrefFor({ q: search.query, sort: event.target.value as Sort }), { preventScrollReset: true })}
        >
          {sorts.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect>
      </div>
    </form>
  );
}
