import { Link, useFetcher } from "react-router";
import { Bookmark, BookmarkCheck } from "lucide-react";
import { Button } from "~/components/ui/button";
import { useToastOnce } from "~/components/use-toast-once";
import type { Toast } from "~/lib/toast";

/**
 * Save/unsave a course for later. Signed out, it links to sign-in and back. Signed in, it posts
 * to the course page's action (a plain form without JavaScript) and shows the new state at once.
 */
export function CourseSaveButton({ courseSlug, saved, signedIn }: { courseSlug: string; saved: boolean; signedIn: boolean }) {
  const fetcher = useFetcher<{ saved?: boolean; toast?: Toast }>();
  const pendingIntent = fetcher.formData?.get("intent");
  const isSaved = pendingIntent ? pendingIntent === "save" : saved;
  useToastOnce(fetcher.data?.toast);

  if (!signedIn) {
    return (
      <Button asChild variant="outline" className="flex-1">
        <Link to={`/login?next=/courses/${courseSlug}`} title="Sign in to save this course">
          <Bookmark aria-hidden="true" />
          Save
        </Link>
      </Button>
    );
  }

  return (
    <fetcher.Form method="post" action={`/courses/${courseSlug}`} className="flex flex-1">
      <input type="hidden" name="intent" value={isSaved ? "unsave" : "save"} />
      <Button type="submit" variant="outline" className="flex-1">
        {isSaved ? <BookmarkCheck aria-hidden="true" /> : <Bookmark aria-hidden="true" />}
        {isSaved ? "Saved" : "Save"}
      </Button>
    </fetcher.Form>
  );
}
