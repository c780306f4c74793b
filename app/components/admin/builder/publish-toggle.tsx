import { Button } from "~/components/ui/button";
import { useBuilderAction } from "./use-builder-action";

/** Publish or unpublish the course ('Course published' / 'Course unpublished'); `describedBy` names what the course still lacks, which never blocks it. */
export function PublishToggle({ title, published, describedBy }: { title: string; published: boolean; describedBy?: string }) {
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
        aria-describedby={describedBy}
      >
        {published ? "Unpublish" : "Publish"}
      </Button>
    </fetcher.Form>
  );
}
