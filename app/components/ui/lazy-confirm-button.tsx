import { cloneElement, lazy, Suspense, useRef, useState, type MouseEvent, type ReactElement, type Ref } from "react";
import type { ConfirmButtonProps } from "~/components/ui/confirm-button";

const ConfirmDialog = lazy(() => import("~/components/ui/confirm-button"));

type TriggerProps = { onClick?: (event: MouseEvent<HTMLElement>) => void; ref?: Ref<HTMLElement> };

/**
 * `ConfirmButton` for a page outside the admin: the dialog's code (Radix's alert dialog, about 12 KB
 * gzip) loads with the first press, as the mobile menu's does, so the page stays within its
 * JavaScript budget. It behaves the same: the question, the way out, focus back on the button.
 */
export function LazyConfirmButton({ trigger, ...dialog }: ConfirmButtonProps) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const button = useRef<HTMLElement>(null);
  const own = (trigger as ReactElement<TriggerProps>).props;
  return (
    <>
      {cloneElement(trigger as ReactElement<TriggerProps & Record<string, unknown>>, {
        ref: button,
        "aria-haspopup": "dialog",
        "aria-expanded": open,
        onClick: (event: MouseEvent<HTMLElement>) => {
          own.onClick?.(event);
          if (event.defaultPrevented) return;
          setWanted(true);
          setOpen(true);
        },
      })}
      {wanted ? (
        <Suspense fallback={null}>
          <ConfirmDialog {...dialog} open={open} onCancel={() => setOpen(false)} returnFocusTo={button} />
        </Suspense>
      ) : null}
    </>
  );
}
