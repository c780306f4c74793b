import { lazy, Suspense, useEffect, useState } from "react";
import { toasterWanted, withToastApi } from "./toast-queue";

const SonnerToaster = lazy(() => import("./sonner-toaster"));

/** The page's toast list: nothing (and no sonner) until the first toast is asked for. */
function Toaster() {
  const [show, setShow] = useState(false);
  useEffect(() => {
    const { wanted, stop } = toasterWanted(() => setShow(true));
    if (wanted) setShow(true);
    return () => void stop();
  }, []);
  return show ? (
    <Suspense fallback={null}>
      <SonnerToaster />
    </Suspense>
  ) : null;
}

function toastSuccess(title: string, description?: string) {
  withToastApi((toast) => toast.success(title, description ? { description } : undefined));
}

/** The spec's admin error toast: titled exactly "Error", the message as its description. */
function toastError(description: string, title = "Error") {
  withToastApi((toast) => toast.error(title, { description }));
}

export { Toaster, toastError, toastSuccess };
