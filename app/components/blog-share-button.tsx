import { Share2 } from "lucide-react";
import { Button } from "~/components/ui/button";
import { toastError, toastSuccess } from "~/components/ui/toaster";

/** The system share sheet where the browser has one (Web Share API); otherwise copies the link. */
export function BlogShareButton({ url, title, text }: { url: string; title: string; text?: string }) {
  async function share() {
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
      toastError(`Copy this link to share the post: ${url}`, "Couldn't copy the link");
    }
  }

  return (
    <Button type="button" variant="outline" onClick={share}>
      <Share2 aria-hidden="true" />
      Share
    </Button>
  );
}
