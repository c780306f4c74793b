import { useEffect, useState } from "react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { FormField } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/select";
import { formatIsoDay } from "~/lib/dates";
import { DRIP_RELEASE_LABELS, DRIP_RELEASES, type DripRelease } from "~/lib/drip";
import { Textarea } from "~/components/ui/textarea";
import { MODULE_LIMITS } from "~/lib/forms/limits";
import { useBuilderAction } from "./use-builder-action";

type EditedModule = { id: string; title: string; description: string; dripDays: number | null; dripDate: Date | string | null };

/** Edit Module: Title (required), Description (optional), Release (drip), Cancel, Save Module ('Module updated'). */
export function ModuleDialog({ module, onClose }: { module: EditedModule; onClose: () => void }) {
  const { fetcher, busy, errors, done } = useBuilderAction();
  const [title, setTitle] = useState(module.title);
  const [description, setDescription] = useState(module.description);
  const [release, setRelease] = useState<DripRelease>(module.dripDays ? "days" : module.dripDate ? "date" : "now");
  const [days, setDays] = useState(module.dripDays ? String(module.dripDays) : "7");
  const [date, setDate] = useState(module.dripDate ? formatIsoDay(module.dripDate) : "");
  useEffect(() => {
    if (done) onClose();
  }, [done, onClose]);

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit Module</DialogTitle>
          <DialogDescription>The module's title and description as learners see them, and when its lessons open.</DialogDescription>
        </DialogHeader>
        <fetcher.Form method="post" noValidate className="grid gap-4">
          <input type="hidden" name="intent" value="update-module" />
          <input type="hidden" name="moduleId" value={module.id} />
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
          <FormField label="Release" name="release" hint="When this module's lessons open for a learner. Free previews are always open.">
            <NativeSelect value={release} onChange={(event) => setRelease(event.target.value as DripRelease)}>
              {DRIP_RELEASES.map((value) => (
                <option key={value} value={value}>
                  {DRIP_RELEASE_LABELS[value]}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          {release === "days" ? (
            <FormField label="Days after access begins" name="dripDays" error={errors.dripDays}>
              <Input
                type="number"
                inputMode="numeric"
                min={1}
                max={MODULE_LIMITS.dripDays}
                step={1}
                value={days}
                onChange={(event) => setDays(event.target.value)}
              />
            </FormField>
          ) : null}
          {release === "date" ? (
            <FormField label="Opens on" name="dripDate" error={errors.dripDate}>
              <Input type="date" value={date} onChange={(event) => setDate(event.target.value)} />
            </FormField>
          ) : null}
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
