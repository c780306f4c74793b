import { Search } from "lucide-react";
import { useEffect, useRef, type ReactNode } from "react";
import { Form, Link, useSubmit } from "react-router";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/select";
import { filtersSearch, MARKETING_CATEGORY_OPTIONS, type ListFilters } from "~/lib/marketing-filters";
import { cn } from "~/lib/utils";

/**
 * Category, search and sort controls shared by the playbooks and testimonials pages. State lives
 * in the URL (see `lib/marketing-filters.ts`): category pills are links and the search/sort form
 * is a GET form, so both work before JavaScript loads; with JavaScript the form submits as you type.
 */

export function CategoryPills({
  label,
  filters,
  pathname,
  variant = "pills",
}: {
  label: string;
  filters: ListFilters;
  pathname: string;
  variant?: "pills" | "tabs";
}) {
  const options = [{ value: undefined, label: "All" }, ...MARKETING_CATEGORY_OPTIONS];
  return (
    <nav aria-label={label}>
      <ul className={cn("flex flex-wrap gap-2", variant === "tabs" && "gap-1 rounded-lg bg-secondary p-1 sm:inline-flex")}>
        {options.map((option) => {
          const active = filters.category === option.value;
          return (
            <li key={option.label}>
              <Link
                to={`${pathname}${filtersSearch({ ...filters, category: option.value })}`}
                preventScrollReset
                aria-current={active ? "page" : undefined}
                className={cn(
                  "inline-flex h-9 items-center rounded-full border px-4 text-sm font-medium transition-colors hover:bg-secondary",
                  "focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2",
                  active && "border-primary bg-primary text-primary-foreground hover:bg-primary/90",
                  variant === "tabs" && "rounded-md border-transparent text-muted-foreground hover:bg-background/60 hover:text-foreground",
                  variant === "tabs" && active && "bg-background text-foreground shadow-sm hover:bg-background",
                )}
              >
                {option.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** Search box and sort menu. With JavaScript, typing submits after `debounceMs` and sorting at once. */
export function SearchSortForm({
  filters,
  sortOptions,
  searchLabel,
  searchPlaceholder,
  debounceMs = 150,
}: {
  filters: ListFilters;
  sortOptions: Record<string, string>;
  searchLabel: string;
  searchPlaceholder: string;
  debounceMs?: number;
}) {
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  // "Clear filters" and category links change the URL under the input; follow them unless the
  // visitor is typing (then the input is the newer truth).
  useEffect(() => {
    const input = searchRef.current;
    if (input && document.activeElement !== input) input.value = filters.q ?? "";
  }, [filters.q]);

  useEffect(() => () => clearTimeout(timer.current), []);

  function submitNow() {
    clearTimeout(timer.current);
    const form = formRef.current;
    if (!form) return;
    const data = new FormData(form);
    const search = filtersSearch({
      category: String(data.get("category") ?? "") || undefined,
      q: String(data.get("q") ?? "").trim() || undefined,
      sort: String(data.get("sort") ?? "newest"),
    });
    submit(search ? new URLSearchParams(search.slice(1)) : null, { method: "get", replace: true, preventScrollReset: true });
  }

  return (
    <Form
      ref={formRef}
      method="get"
      role="search"
      aria-label={searchLabel}
      className="flex flex-col gap-3 sm:flex-row sm:items-end"
      onSubmit={(event) => {
        event.preventDefault();
        submitNow();
      }}
    >
      {filters.category ? <input type="hidden" name="category" value={filters.category} /> : null}
      <div className="grid flex-1 gap-2">
        <Label htmlFor="list-search">{searchLabel}</Label>
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            ref={searchRef}
            id="list-search"
            type="search"
            name="q"
            defaultValue={filters.q ?? ""}
            placeholder={searchPlaceholder}
            className="pl-9"
            maxLength={100}
            onChange={() => {
              clearTimeout(timer.current);
              timer.current = setTimeout(submitNow, debounceMs);
            }}
          />
        </div>
      </div>
      <div className="grid gap-2 sm:w-56">
        <Label htmlFor="list-sort">Sort by</Label>
        <NativeSelect id="list-sort" name="sort" defaultValue={filters.sort} key={filters.sort} onChange={submitNow}>
          {Object.entries(sortOptions).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </NativeSelect>
      </div>
      <Button type="submit" variant="outline">
        Search
      </Button>
    </Form>
  );
}

/**
 * How many items the filters left (announced to screen readers), and, when none, the empty state
 * with Clear filters; otherwise the list itself.
 */
export function FilterResults({
  count,
  noun,
  pathname,
  emptyIcon,
  emptyTitle,
  children,
}: {
  count: number;
  /** Singular and plural, e.g. ["playbook", "playbooks"]. */
  noun: [string, string];
  /** Where Clear filters goes: the page without its query. */
  pathname: string;
  emptyIcon: ReactNode;
  emptyTitle: string;
  children: ReactNode;
}) {
  return (
    <>
      <p className="mt-6 text-sm text-muted-foreground" role="status">
        {count} {count === 1 ? noun[0] : noun[1]}
      </p>
      {count === 0 ? (
        <EmptyState
          className="mt-6"
          icon={emptyIcon}
          titleAs="p"
          title={emptyTitle}
          action={
            <Button asChild variant="outline">
              <Link to={pathname} preventScrollReset>
                Clear filters
              </Link>
            </Button>
          }
        />
      ) : (
        children
      )}
    </>
  );
}
