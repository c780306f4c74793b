import { ImageOff } from "lucide-react";
import { FileUpload } from "~/components/admin/file-upload";
import { Button } from "~/components/ui/button";
import { COURSE_MESSAGES } from "~/lib/course-messages";
import { imageSrc } from "~/lib/image-url";

/** The cover: a preview, an upload (straight to the course's folder when it has an id) and Remove. */
export function CoverField({
  courseId,
  coverUrl,
  onChange,
}: {
  courseId?: string;
  coverUrl: string;
  onChange: (coverUrl: string) => void;
}) {
  return (
    <div className="grid gap-3">
      <span className="text-sm font-medium">Cover Image</span>
      <input type="hidden" name="coverUrl" value={coverUrl} />
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <div className="flex aspect-video w-full max-w-64 items-center justify-center overflow-hidden rounded-md border border-border bg-muted">
          {imageSrc(coverUrl) ? (
            <img src={imageSrc(coverUrl)!} alt="Cover preview" className="size-full object-cover" />
          ) : (
            <ImageOff aria-label="No cover image" className="size-8 text-muted-foreground" />
          )}
        </div>
        <div className="grid gap-2">
          <FileUpload
            kind="course-cover"
            ownerId={courseId}
            label={coverUrl ? "Replace cover image" : "Upload cover image"}
            note="16:9 looks best."
            messages={{ success: COURSE_MESSAGES.uploaded, failure: COURSE_MESSAGES.uploadFailed }}
            onUploaded={(result) => onChange(result.url)}
          />
          {coverUrl ? (
            <Button type="button" variant="ghost" size="sm" className="justify-self-start" onClick={() => onChange("")}>
              Remove cover
            </Button>
          ) : null}
        </div>
      </div>
    </div>
  );
}
