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

type ConfirmButtonProps = {
  /** The button that opens the dialog (its name says what it does: 'Delete “My course”'). */
  trigger: React.ReactElement;
  title: React.ReactNode;
  /** The question, e.g. the spec's 'This will also delete all lessons.' */
  description: React.ReactNode;
  confirmLabel: string;
  /** The way out, "Cancel" unless the action itself is a cancelling ("Keep membership"). */
  cancelLabel?: string;
  onConfirm: () => void;
  destructive?: boolean;
};

/**
 * A button that asks first: an alert dialog with Cancel and the confirming action (destructive by
 * default). The one confirm dialog of the site: row actions, refunds, editors, the account.
 */
function ConfirmButton({
  trigger,
  title,
  description,
  confirmLabel,
  cancelLabel = "Cancel",
  onConfirm,
  destructive = true,
}: ConfirmButtonProps) {
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger>
      <AlertDialogContent>
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
    </AlertDialog>
  );
}

export { ConfirmButton };
export type { ConfirmButtonProps };
