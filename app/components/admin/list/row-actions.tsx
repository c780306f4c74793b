import type { ReactNode } from "react";
import { Link, useFetcher } from "react-router";
import { useAnswerToast } from "~/components/use-toast-once";
import { Button } from "~/components/ui/button";
import { ConfirmButton } from "~/components/ui/confirm-button";
import type { RowDelete } from "./use-row-delete";

/** The buttons at the end of a row, right-aligned, wrapping on narrow screens. */
export function RowActions({ children }: { children: ReactNode }) {
  return <div className="flex flex-wrap items-center justify-end gap-2 xl:flex-nowrap">{children}</div>;
}

/** A link styled as a small button: "Edit", "Curriculum". `label` is its accessible name ('Edit My post'). */
export function RowLink({ to, label, children }: { to: string; label: string; children: ReactNode }) {
  return (
    <Button asChild variant="outline" size="sm">
      <Link to={to} aria-label={label}>
        {children}
      </Link>
    </Button>
  );
}

/**
 * A row's one-click action (Publish, Grant Access): posts `{ intent, ...fields }` to the page's own
 * action. The row stays, so its fetcher lives in it and only this button waits.
 */
export function RowIntentButton({
  intent,
  fields,
  label,
  variant,
  children,
}: {
  intent: string;
  /** Hidden fields that name the row: `{ id }`, `{ courseId }`. */
  fields: Record<string, string>;
  /** The accessible name, starting with the action ('Publish My post'). */
  label: string;
  variant: "default" | "secondary" | "outline";
  children: ReactNode;
}) {
  const fetcher = useFetcher();
  useAnswerToast(fetcher.data);
  return (
    <fetcher.Form method="post">
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button type="submit" name="intent" value={intent} variant={variant} size="sm" loading={fetcher.state !== "idle"} aria-label={label}>
        {children}
      </Button>
    </fetcher.Form>
  );
}

/** Publish or Unpublish, posting `{ intent, id }` to the list's own action. */
export function PublishToggle({ id, title, published }: { id: string; title: string; published: boolean }) {
  const verb = published ? "Unpublish" : "Publish";
  return (
    <RowIntentButton intent={verb.toLowerCase()} fields={{ id }} label={`${verb} ${title}`} variant={published ? "secondary" : "default"}>
      {verb}
    </RowIntentButton>
  );
}

/** Delete, after asking 'Delete “title”?' with `description`. The fetcher is the list's (see `useRowDelete`). */
export function DeleteRowButton({
  id,
  title,
  description,
  rowDelete,
}: {
  id: string;
  title: string;
  description: string;
  rowDelete: RowDelete;
}) {
  return (
    <ConfirmButton
      trigger={
        <Button type="button" variant="destructive" size="sm" loading={rowDelete.deletingId === id} aria-label={`Delete ${title}`}>
          Delete
        </Button>
      }
      title={`Delete “${title}”?`}
      description={description}
      confirmLabel="Delete"
      onConfirm={() => rowDelete.deleteRow(id)}
    />
  );
}
