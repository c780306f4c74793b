import type * as React from "react";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "~/components/ui/alert-dialog";

type ConfirmDialogProps = {
  title: React.ReactNode;
  /** The question, e.g. the spec's 'This will also delete all lessons.' */
  description: React.ReactNode;
  confirmLabel: string;
  /** The way out: "Cancel" unless the action is itself a cancelling ("Keep membership"). */
  cancelLabel?: string;
  onConfirm: () => void;
  destructive?: boolean;
  /** Where focus goes when the dialog closes, for a dialog opened without its own trigger. */
  returnFocusTo?: React.RefObject<HTMLElement | null>;
};

type ConfirmButtonProps = ConfirmDialogProps & {
  /** The button that opens the dialog (its name says what it does: 'Delete “My course”'). */
  trigger: React.ReactElement;
};

/** The dialog's content: the question, Cancel and the confirming action (destructive by default). */
function ConfirmContent({ title, description, confirmLabel, cancelLabel = "Cancel", onConfirm, destructive = true, returnFocusTo }: ConfirmDialogProps) {
  return (
    <AlertDialogContent
      onCloseAutoFocus={(event) => {
        if (!returnFocusTo?.current) return;
        event.preventDefault();
        returnFocusTo.current.focus();
      }}
    >
      <AlertDialogHeader>
        <AlertDialogTitle>{title}</AlertDialogTitle>
        <AlertDialogDescription>{description}</AlertDialogDescription>
      </AlertDialogHeader>
      <AlertDialogFooter>
        <AlertDialogCancel>{cancelLabel}</AlertDialogCancel>
        <AlertDialogAction variant={destructive ? "destructive" : "default"} onClick={onConfirm}>
          {confirmLabel}
        </AlertDialogAction>
      </AlertDialogFooter>
    </AlertDialogContent>
  );
}

/**
 * A button that asks first. The one confirm dialog of the site: row actions, refunds, the
 * editors, the account's membership.
 */
function ConfirmButton({ trigger, ...dialog }: ConfirmButtonProps) {
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger>
      <ConfirmContent {...dialog} />
    </AlertDialog>
  );
}

/** The same question opened by the code instead of a button (a blocked navigation); `onCancel` when it is dismissed. */
function ConfirmDialog({ open, onCancel, ...dialog }: ConfirmDialogProps & { open: boolean; onCancel: () => void }) {
  // Also the default export, for `LazyConfirmButton`'s `lazy(() => import(…))`.
  return (
    <AlertDialog open={open} onOpenChange={(next) => !next && onCancel()}>
      <ConfirmContent {...dialog} />
    </AlertDialog>
  );
}

export { ConfirmButton, ConfirmDialog };
export default ConfirmDialog;
export type { ConfirmButtonProps, ConfirmDialogProps };
