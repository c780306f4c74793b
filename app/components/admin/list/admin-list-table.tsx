import type { ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import type { SortDirection } from "~/lib/list-url";
import { cn } from "~/lib/utils";

/** Where a column starts to show; below it the column is hidden (fold its value into another cell). */
export type Breakpoint = "sm" | "md" | "lg" | "xl";

/** Whole class names, so Tailwind sees them. */
const SHOWN_FROM: Record<Breakpoint, string> = {
  sm: "hidden sm:table-cell",
  md: "hidden md:table-cell",
  lg: "hidden lg:table-cell",
  xl: "hidden xl:table-cell",
};

/** One column of an admin table: its heading and how a row fills its cell. */
export type AdminListColumn<Row> = {
  /** The heading (and, when sortable, the name of its sort link). */
  header: string;
  cell: (row: Row) => ReactNode;
  /** Shown from this width up. */
  from?: Breakpoint;
  align?: "right";
  /** More classes for the column's cells (widths, truncation, nowrap). */
  className?: string;
  /** Sortable: the URL value of `sort` that orders by this column. */
  sort?: string;
};

/** A sortable table's current order and the address of each column's next order. */
export type AdminListSorting = {
  sort: string;
  dir: SortDirection;
  /** The address sorted by this column (its first direction, or the other way round if it is the sort). */
  hrefFor: (sort: string) => { href: string; dir: SortDirection };
};

export type AdminListTableProps<Row> = {
  /** The table's accessible name. */
  label: string;
  columns: ReadonlyArray<AdminListColumn<Row>>;
  rows: ReadonlyArray<Row>;
  rowKey: (row: Row) => string;
  /** The buttons at the end of a row (edit, publish, delete, refund), or nothing for that row. */
  rowActions?: (row: Row) => ReactNode;
  /** Clicking anywhere in the row opens this address (a link in the row must lead there too, for keyboards). */
  rowHref?: (row: Row) => string;
  sorting?: AdminListSorting;
};

/**
 * The table of an admin list or of a section of a details page: typed columns that hide on
 * narrow screens, optional sort links with aria-sort, optional row actions and row links.
 */
export function AdminListTable<Row>({ label, columns, rows, rowKey, rowActions, rowHref, sorting }: AdminListTableProps<Row>) {
  const navigate = useNavigate();
  return (
    <Table aria-label={label}>
      <TableHeader>
        <TableRow>
          {columns.map((column) =>
            column.sort && sorting ? (
              <SortableHead key={column.header} column={column} sort={column.sort} sorting={sorting} />
            ) : (
              <TableHead key={column.header} className={headClass(column)}>
                {column.header}
              </TableHead>
            ),
          )}
          {rowActions ? (
            <TableHead>
              <span className="sr-only">Actions</span>
            </TableHead>
          ) : null}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow
            key={rowKey(row)}
            className={rowHref ? "cursor-pointer" : undefined}
            onClick={
              rowHref
                ? (event) => {
                    if ((event.target as HTMLElement).closest("a, button") || window.getSelection()?.toString()) return;
                    navigate(rowHref(row));
                  }
                : undefined
            }
          >
            {columns.map((column) => (
              <TableCell key={column.header} className={cn(headClass(column), column.className)}>
                {column.cell(row)}
              </TableCell>
            ))}
            {rowActions ? <TableCell className="text-right">{rowActions(row)}</TableCell> : null}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function headClass(column: { from?: Breakpoint; align?: "right" }) {
  return cn(column.from && SHOWN_FROM[column.from], column.align === "right" && "text-right");
}

/** A column heading that sorts by its column; aria-sort tells screen readers which one does now. */
function SortableHead<Row>({ column, sort, sorting }: { column: AdminListColumn<Row>; sort: string; sorting: AdminListSorting }) {
  const active = sorting.sort === sort;
  const next = sorting.hrefFor(sort);
  const Icon = !active ? ArrowUpDown : sorting.dir === "asc" ? ArrowUp : ArrowDown;
  return (
    <TableHead className={headClass(column)} aria-sort={active ? (sorting.dir === "asc" ? "ascending" : "descending") : undefined}>
      <Link
        to={next.href}
        preventScrollReset
        className="inline-flex items-center gap-1 rounded-sm hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden"
        aria-label={`Sort by ${column.header}, ${next.dir === "asc" ? "ascending" : "descending"}`}
      >
        {column.header}
        <Icon aria-hidden="true" className={active ? "size-3.5 text-foreground" : "size-3.5 opacity-50"} />
      </Link>
    </TableHead>
  );
}
