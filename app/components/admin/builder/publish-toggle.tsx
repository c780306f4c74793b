import { Button } from "~/components/ui/button";
import { useBuilderAction } from "./use-builder-action";

/** Publish or unpublish the course ('Course published' / 'Course unpublished'). */
export function PublishToggle({ title, published }: { title: string; published: boolean }) {
  const { fetcher, busy } = useBuilderAction();
  const intent = published ? "unpublish" : "publish";
  return (
    <fetcher.Form method="post">
      <Button
        type="submit"
        name="intent"
        value={intent}
        variant={published ? "outline" : "default"}
        loading={busy}
        aria-label={`${published ? "Unpublish" : "Publish"} “${title}”`}
      >
        {published ? "Unpublish" : "Publish"}
      </Button>
    </fetcher.Form>
  );
}
