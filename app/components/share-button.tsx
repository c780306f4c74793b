import { Share2 } from "lucide-react";
import { Button } from "~/components/ui/button";
import { toastError, toastSuccess } from "~/components/ui/toaster";
import { cn } from "~/lib/utils";

/**
 * Shares a page with the system share sheet where the browser has one (the Web Share API,
 * mostly phones); otherwise copies the link and says so.
 */
export function ShareButton({ path, title, text, what = "page", className }: { path: string; title: string; text?: string; what?: string; className?: string }) {
  async function share() {
    const url = new URL(path, window.location.origin).toString();
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title, text, url });
        return;
      } catch (error) {
        // Closing the share sheet is a choice, not a failure; anything else falls back to copying.
        if (error instanceof DOMException && error.name === "AbortError") return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      toastSuccess("Link copied");
    } catch {
      toastError(`Copy this link to share the ${what}: ${url}`, "Couldn't copy the link");
    }
  }

  return (
    <Button type="button" variant="outline" onClick={share} className={cn(className)}>
      <Share2 aria-hidden="true" />
      Share
    </Button>
  );
}
