import { useRef, type ReactNode } from "react";
import { Link, useNavigate, useNavigation } from "react-router";
import { Plus } from "lucide-react";
import { useShortcut } from "~/components/admin/use-shortcut";
import { ListSearchForm } from "~/components/list-search-form";
import { useToastOnce } from "~/components/use-toast-once";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { Pagination } from "~/components/ui/pagination";
import type { AdminListData } from "~/lib/admin-list";
import type { ListUrl } from "~/lib/list-url";
import { cn } from "~/lib/utils";
import { AdminListTable, type AdminListTableProps } from "./admin-list-table";
import { useRowDelete, type RowDelete } from "./use-row-delete";

/** A menu that narrows the list (a role, a status); applied with the Search button. */
export type AdminListFilter = {
  /** The URL parameter, a key of the list's state. */
  name: string;
  label: string;
  /** The first option, which shows everything ("All roles"). */
  allLabel: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  /** How the count line names it: "with the role" gives "3 users with the role Admin". */
  phrase: string;
};

type ListState = { q: string; page: number };

export type AdminListPageProps<Row, State extends ListState> = {
  title: string;
  /** The count line's noun: ["post", "posts"]. */
  noun: readonly [string, string];
  /** The list's URL declaration (`defineListUrl`): links, the search form and Clear search come from it. */
  list: ListUrl<State>;
  /** What the loader answered (`readAdminList`). */
  data: AdminListData<Row, State>;
  search: { id: string; label: string; placeholder: string; maxLength: number };
  filters?: AdminListFilter[];
  /** A New button; "n" opens it, and the empty list offers `firstLabel`. */
  create?: { to: string; label: string; firstLabel: string };
  /** "n" focuses the search box (a list without a New button). */
  focusSearchOnN?: boolean;
  /** More buttons in the header (Export CSV). */
  headerActions?: ReactNode;
  columns: AdminListTableProps<Row>["columns"];
  rowKey: (row: Row) => string;
  /** The row's buttons; `rowDelete` is the list's delete fetcher, for a `DeleteRowButton`. */
  rowActions?: (row: Row, rowDelete: RowDelete) => ReactNode;
  rowHref?: AdminListTableProps<Row>["rowHref"];
  sorting?: AdminListTableProps<Row>["sorting"];
  /** Under the table, inside its card. */
  footer?: ReactNode;
  empty: { icon: ReactNode; none: string; noneDescription?: string; noMatches: string };
  /** The pagination's name; "<title> pages" unless given. */
  pagesLabel?: string;
};

/**
 * One admin list screen: heading with the count, search form with optional filter menus, the
 * table (or the empty state: nothing yet, or nothing matching), pagination, and the "n" key.
 * Every back-office list is this component plus a loader and a column declaration; see
 * docs/decisions for the contract and a worked example.
 */
export function AdminListPage<Row, State extends ListState>(props: AdminListPageProps<Row, State>) {
  const { title, list, data, search, filters = [], create, columns, rowKey, rowActions, rowHref, sorting, footer } = props;
  const { filters: state, rows, total, pageCount, error } = data;
  const navigation = useNavigation();
  const navigate = useNavigate();
  const searchBox = useRef<HTMLInputElement>(null);
  const rowDelete = useRowDelete();
  useToastOnce(error);
  useShortcut("n", () => (create ? navigate(create.to) : searchBox.current?.focus()), { enabled: Boolean(create || props.focusSearchOnN) });

  const values = state as Record<string, unknown>;
  const filtered = Boolean(state.q || filters.some((filter) => values[filter.name]));
  const busy = navigation.state === "loading" && navigation.location.pathname === list.path;
  // Without JavaScript the form sends only its fields; the list's other state (its sort) rides along.
  const hidden = Object.fromEntries(list.toParams(state));
  for (const name of ["q", "page", ...filters.map((filter) => filter.name)]) delete hidden[name];

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {countLine({ total, noun: props.noun, query: state.q, filters, values })}
          </p>
        </div>
        {create || props.headerActions ? (
          <div className="flex flex-wrap gap-2">
            {props.headerActions}
            {create ? (
              <Button asChild>
                <Link to={create.to} aria-keyshortcuts="n">
                  <Plus aria-hidden="true" /> {create.label}
                </Link>
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>

      <ListSearchForm
        id={search.id}
        action={list.path}
        hidden={hidden}
        searchLabel={search.label}
        placeholder={search.placeholder}
        maxLength={search.maxLength}
        query={state.q}
        selects={filters.map((filter) => ({ ...filter, value: String(values[filter.name] ?? ""), className: "md:w-44" }))}
        hrefFor={(fields) => list.hrefFromForm(state, fields)}
        inputRef={searchBox}
        keyShortcut={props.focusSearchOnN ? "n" : undefined}
      />

      <section aria-label={title} aria-busy={busy} className={cn("grid grid-cols-1 gap-6 transition-opacity", busy && "opacity-60")}>
        {error ? (
          <p role="alert" className="rounded-md border border-destructive/30 bg-background p-4 text-sm text-destructive">
            {error.message}
          </p>
        ) : rows.length === 0 ? (
          <ListEmpty empty={props.empty} filtered={filtered} clearTo={list.path} create={create} />
        ) : (
          <div className="rounded-xl border border-border bg-card">
            <AdminListTable
              label={title}
              columns={columns}
              rows={rows}
              rowKey={rowKey}
              rowActions={rowActions ? (row) => rowActions(row, rowDelete) : undefined}
              rowHref={rowHref}
              sorting={sorting}
            />
            {footer}
          </div>
        )}
        <Pagination
          page={state.page}
          pageCount={pageCount}
          hrefFor={(page) => list.href(state, { page } as Partial<State>)}
          aria-label={props.pagesLabel ?? `${title} pages`}
        />
      </section>
    </div>
  );
}

/** "12 users matching “ann” with the role Admin". */
function countLine({
  total,
  noun,
  query,
  filters,
  values,
}: {
  total: number;
  noun: readonly [string, string];
  query: string;
  filters: AdminListFilter[];
  values: Record<string, unknown>;
}) {
  const narrowed = filters.flatMap((filter) => {
    const label = filter.options.find((option) => option.value === values[filter.name])?.label;
    return label ? [` ${filter.phrase} ${label}`] : [];
  });
  return `${total.toLocaleString("en-US")} ${total === 1 ? noun[0] : noun[1]}${query ? ` matching “${query}”` : ""}${narrowed.join("")}`;
}

/** Nothing yet (with the way to make the first), or nothing matching (with the way back). */
function ListEmpty({
  empty,
  filtered,
  clearTo,
  create,
}: {
  empty: AdminListPageProps<unknown, ListState>["empty"];
  filtered: boolean;
  clearTo: string;
  create?: { to: string; firstLabel: string };
}) {
  const action = filtered ? (
    <Button asChild variant="outline">
      <Link to={clearTo}>Clear search</Link>
    </Button>
  ) : create ? (
    <Button asChild>
      <Link to={create.to}>{create.firstLabel}</Link>
    </Button>
  ) : null;
  return (
    <EmptyState
      icon={empty.icon}
      title={filtered ? empty.noMatches : empty.none}
      description={filtered ? undefined : empty.noneDescription}
      action={action}
    />
  );
}
