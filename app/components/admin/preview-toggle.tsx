import { Eye, EyeOff } from "lucide-react";
import { Button } from "~/components/ui/button";

/** The editors' Show Preview / Hide Preview button; `controls` is the id of the preview it shows. */
export function PreviewToggle({ shown, onToggle, controls }: { shown: boolean; onToggle: () => void; controls: string }) {
  return (
    <Button type="button" variant="outline" aria-expanded={shown} aria-controls={controls} onClick={onToggle}>
      {shown ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
      {shown ? "Hide Preview" : "Show Preview"}
    </Button>
  );
}
