import { useEffect, useState } from "react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { FormField } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { MODULE_LIMITS } from "~/lib/forms/limits";
import { useBuilderAction } from "./use-builder-action";

/** Edit Module: Title (required), Description (optional), Cancel, Save Module ('Module updated'). */
export function ModuleDialog({ module, onClose }: { module: { id: string; title: string; description: string }; onClose: () => void }) {
  const { fetcher, busy, errors, done } = useBuilderAction();
  const [title, setTitle] = useState(module.title);
  const [description, setDescription] = useState(module.description);
  useEffect(() => {
    if (done) onClose();
  }, [done, onClose]);

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit Module</DialogTitle>
          <DialogDescription>The module's title and description as learners see them.</DialogDescription>
        </DialogHeader>
        <fetcher.Form method="post" noValidate className="grid gap-4">
          <input type="hidden" name="intent" value="update-module" />
          <input type="hidden" name="module_id" value={module.id} />
          <FormField label="Title" name="title" error={errors.title}>
            <Input
              value={title}
              onChange={(event) => setTitle(event.target.value)}
              required
              maxLength={MODULE_LIMITS.title}
              autoComplete="off"
            />
          </FormField>
          <FormField label="Description (optional)" name="description" error={errors.description}>
            <Textarea
              value={description}
              onChange={(event) => setDescription(event.target.value)}
              rows={4}
              maxLength={MODULE_LIMITS.description}
            />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Save Module
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
