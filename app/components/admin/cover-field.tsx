import type { ReactNode } from "react";
import { ImageOff } from "lucide-react";
import { FileUpload } from "~/components/admin/file-upload";
import { Button } from "~/components/ui/button";
import { COURSE_MESSAGES } from "~/lib/course-messages";
import { imageSrc } from "~/lib/image-url";
import type { UploadKindName } from "~/lib/upload-kinds";

/**
 * A cover: a preview, an upload (straight to the owner's folder when it has an id; the upload
 * makes its smaller copies, docs/decisions/035) and Remove. A course's or a bundle's (`kind`).
 * The form sends `coverUrl`: hidden, or, when `urlField` is given, a field showing the address
 * that can be typed too (so the form works without JavaScript).
 */
export function CoverField({
  kind = "course-cover",
  ownerId,
  coverUrl,
  onChange,
  urlField,
}: {
  kind?: Extract<UploadKindName, "course-cover" | "bundle-cover">;
  /** The course's or bundle's id, once it has one. */
  ownerId?: string;
  coverUrl: string;
  onChange: (coverUrl: string) => void;
  urlField?: (control: { value: string; onChange: (value: string) => void }) => ReactNode;
}) {
  return (
    <div className="grid gap-3">
      <span className="text-sm font-medium">Cover Image</span>
      {urlField ? null : <input type="hidden" name="coverUrl" value={coverUrl} />}
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
            kind={kind}
            ownerId={ownerId}
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
      {urlField ? urlField({ value: coverUrl, onChange }) : null}
    </div>
  );
}
