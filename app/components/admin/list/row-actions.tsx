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
 * Publish or Unpublish: posts `{ intent, id }` to the list's own action. The row stays, so its
 * fetcher lives in it and only this button waits.
 */
export function PublishToggle({ id, title, published }: { id: string; title: string; published: boolean }) {
  const fetcher = useFetcher();
  useAnswerToast(fetcher.data);
  const verb = published ? "Unpublish" : "Publish";
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="id" value={id} />
      <Button
        type="submit"
        name="intent"
        value={published ? "unpublish" : "publish"}
        variant={published ? "secondary" : "default"}
        size="sm"
        loading={fetcher.state !== "idle"}
        aria-label={`${verb} ${title}`}
      >
        {verb}
      </Button>
    </fetcher.Form>
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
