import { ArrowDown, ArrowUp, Eye, EyeOff, GripVertical, Pencil, Trash2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Form, Link, useNavigation, useSearchParams, useSubmit } from "react-router";
import type { Route } from "./+types/page-edit";
import { AdminError } from "~/components/admin/admin-error";
import { PageDetailsFields } from "~/components/admin/pages/page-details-fields";
import { SectionFormFields } from "~/components/admin/pages/section-form-fields";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ConfirmButton } from "~/components/ui/confirm-button";
import { NativeSelect } from "~/components/ui/select";
import { useAnswerToast } from "~/components/use-toast-once";
import { PAGE_SECTION_KIND_LABELS, PAGE_SECTION_KINDS, type PageSectionKind } from "~/lib/domain-values";
import { isSectionKind, sectionFormValues } from "~/lib/page-sections";
import { adminMeta } from "~/lib/seo";
import { cn } from "~/lib/utils";

export { loader, action } from "./page-edit.server";

export const meta: Route.MetaFunction = (args) => adminMeta(args, args.loaderData ? `Edit “${args.loaderData.page.title}”` : "Page");

type Answer = { errors?: Record<string, string[]>; values?: Record<string, string>; sectionForm?: string } | undefined;
type EditorSection = Route.ComponentProps["loaderData"]["sections"][number];

/** A line that tells sections apart in the list: the heading or first words the owner wrote. */
function sectionSummary(section: EditorSection) {
  const content = section.content as Record<string, unknown>;
  for (const key of ["headline", "title", "markdown", "textMd"]) {
    const value = content[key];
    if (typeof value === "string" && value.trim()) return value.trim().slice(0, 80);
  }
  return "";
}

const PREVIEW_WIDTHS = { phone: 390, desktop: 1280 } as const;

/** The draft framed at a phone's or a desktop's width; reloaded whenever the draft changes. */
function Preview({ pageId, revision }: { pageId: string; revision: string }) {
  const [width, setWidth] = useState<keyof typeof PREVIEW_WIDTHS>("desktop");
  return (
    <section aria-labelledby="preview-heading" className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="preview-heading" className="text-lg font-semibold">
          Preview of the draft
        </h2>
        <div className="flex gap-2" role="group" aria-label="Preview width">
          {(["phone", "desktop"] as const).map((choice) => (
            <Button
              key={choice}
              type="button"
              size="sm"
              variant={width === choice ? "default" : "outline"}
              aria-pressed={width === choice}
              onClick={() => setWidth(choice)}
            >
              {choice === "phone" ? "Phone width" : "Desktop width"}
            </Button>
          ))}
        </div>
      </div>
      {/* Focusable so the wide desktop frame can be scrolled from the keyboard. */}
      <div role="region" aria-label="Preview frame" tabIndex={0} className="overflow-x-auto rounded-xl border bg-muted p-2">
        <iframe
          key={revision}
          title="Preview of the draft"
          src={`/admin/pages/${pageId}/preview`}
          style={{ width: PREVIEW_WIDTHS[width] }}
          className="mx-auto block h-[36rem] max-w-none rounded-lg border bg-background"
        />
      </div>
    </section>
  );
}

/** One section's form: an existing section's fields, or a new one of `kind`. */
function SectionEditor({
  kind,
  sectionId,
  values,
  errors,
  onCancel,
}: {
  kind: PageSectionKind;
  sectionId: string | null;
  values: Record<string, string>;
  errors: Record<string, string[]>;
  onCancel: string;
}) {
  const navigation = useNavigation();
  const intent = sectionId ? "save-section" : "add-section";
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <Form
      method="post"
      className="grid gap-4 rounded-lg border bg-background p-4"
      aria-label={sectionId ? `Edit the ${PAGE_SECTION_KIND_LABELS[kind]} section` : `New ${PAGE_SECTION_KIND_LABELS[kind]} section`}
    >
      {sectionId ? <input type="hidden" name="sectionId" value={sectionId} /> : <input type="hidden" name="kind" value={kind} />}
      <SectionFormFields kind={kind} values={values} errors={errors} idPrefix={sectionId ?? `new-${kind}`} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button asChild variant="outline">
          <Link to={onCancel}>Cancel</Link>
        </Button>
        <Button type="submit" name="intent" value={intent} loading={busy}>
          {sectionId ? "Save section" : "Add section"}
        </Button>
      </div>
    </Form>
  );
}

/** Admin → Pages → a page: its details, its sections (add, edit, reorder, hide, delete), a preview and Publish. */
export default function PageEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { page, sections } = loaderData;
  const answer = actionData as Answer;
  useAnswerToast(actionData);
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const submit = useSubmit();
  const editing = answer?.sectionForm && !answer.sectionForm.startsWith("new:") ? answer.sectionForm : searchParams.get("edit");
  const addKind = answer?.sectionForm?.startsWith("new:") ? answer.sectionForm.slice(4) : searchParams.get("add");
  const adding = addKind && isSectionKind(addKind) ? addKind : null;
  const editorUrl = `/admin/pages/${page.id}`;
  const sectionErrors = answer?.sectionForm ? (answer.errors ?? {}) : {};
  const detailErrors = answer?.sectionForm ? {} : (answer?.errors ?? {});
  const detailValues = !answer?.sectionForm && answer?.values?.intent === "details" ? answer.values : null;
  const publishing = navigation.state === "submitting" && navigation.formData?.get("intent") === "publish";

  // Drag and drop reorders with the pointer; the Move up / Move down buttons do the same from the keyboard.
  const [dragged, setDragged] = useState<string | null>(null);
  const [over, setOver] = useState<string | null>(null);
  const move = (sectionId: string, position: number) =>
    submit({ intent: "move-section", sectionId, position: String(position) }, { method: "post" });

  // The preview frame reloads when the draft changes.
  const revision = JSON.stringify(sections);
  const listRef = useRef<HTMLOListElement>(null);
  useEffect(() => setDragged(null), [revision]);

  return (
    <div className="grid max-w-5xl gap-8">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <p className="text-sm text-muted-foreground">
            <Link to="/admin/pages" className="hover:underline">
              Pages
            </Link>
          </p>
          <h1 className="text-2xl font-bold tracking-tight">{page.title}</h1>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            <Badge variant={page.status === "Published" ? "success" : "warning"}>{page.status}</Badge>
            <a href={page.path} className="hover:underline" target="_blank" rel="noreferrer">
              View {page.path}
            </a>
          </p>
        </div>
        <Form method="post">
          <Button type="submit" name="intent" value="publish" loading={publishing} disabled={page.status === "Published"}>
            Publish “{page.title}”
          </Button>
        </Form>
      </div>

      <section aria-labelledby="details-heading" className="grid gap-4 rounded-xl border bg-card p-4 sm:p-6">
        <h2 id="details-heading" className="text-lg font-semibold">
          Details
        </h2>
        <p className="-mt-2 text-sm text-muted-foreground">Saved details are live at once; sections wait for Publish.</p>
        <Form method="post" className="grid gap-4">
          <PageDetailsFields
            values={
              detailValues ?? {
                title: page.title,
                slug: page.slug,
                description: page.description,
                inHeader: page.inHeader ? "on" : "",
                inFooter: page.inFooter ? "on" : "",
              }
            }
            errors={detailErrors}
            withSlug={!page.builtIn}
          />
          <div className="flex justify-end">
            <Button type="submit" name="intent" value="details" variant="outline">
              Save details
            </Button>
          </div>
        </Form>
      </section>

      <section aria-labelledby="sections-heading" className="grid gap-4">
        <h2 id="sections-heading" className="text-lg font-semibold">
          Sections
        </h2>
        {sections.length === 0 ? <p className="text-muted-foreground">No sections yet: add the first one below.</p> : null}
        <ol ref={listRef} className="grid gap-3">
          {sections.map((section, index) => {
            const label = PAGE_SECTION_KIND_LABELS[section.kind];
            const summary = sectionSummary(section);
            const name = summary ? `${label}: ${summary}` : label;
            const isEditing = editing === section.id;
            return (
              <li
                key={section.id}
                data-section-id={section.id}
                draggable={!isEditing}
                onDragStart={(event) => {
                  event.dataTransfer.effectAllowed = "move";
                  event.dataTransfer.setData("application/x-page-section", section.id);
                  requestAnimationFrame(() => setDragged(section.id));
                }}
                onDragEnd={() => {
                  setDragged(null);
                  setOver(null);
                }}
                onDragOver={(event) => {
                  if (!dragged) return;
                  event.preventDefault();
                  setOver(section.id);
                }}
                onDrop={(event) => {
                  event.preventDefault();
                  const id = event.dataTransfer.getData("application/x-page-section") || dragged;
                  setOver(null);
                  if (id && id !== section.id) move(id, index + 1);
                }}
                className={cn(
                  "rounded-xl border bg-card p-3 shadow-sm",
                  dragged === section.id && "opacity-50",
                  over === section.id && dragged !== section.id && "ring-2 ring-primary",
                )}
              >
                <div className="flex flex-wrap items-center gap-2">
                  <GripVertical aria-hidden="true" className="size-4 cursor-grab text-muted-foreground" />
                  <span className="text-sm font-semibold">{index + 1}.</span>
                  <span className="min-w-0 flex-1 truncate">
                    <span className="font-medium">{label}</span>
                    {summary ? <span className="text-muted-foreground">: {summary}</span> : null}
                  </span>
                  {section.hidden ? <Badge variant="secondary">Hidden</Badge> : null}
                  <div className="flex flex-wrap gap-1">
                    <Button asChild size="sm" variant="ghost">
                      <Link
                        to={isEditing ? editorUrl : `?edit=${section.id}`}
                        aria-label={`${isEditing ? "Close" : "Edit"} “${name}”`}
                        preventScrollReset
                      >
                        <Pencil aria-hidden="true" />
                        {isEditing ? "Close" : "Edit"}
                      </Link>
                    </Button>
                    <Form method="post" className="contents">
                      <input type="hidden" name="sectionId" value={section.id} />
                      <input type="hidden" name="intent" value="move-section" />
                      <Button
                        type="submit"
                        name="position"
                        value={index}
                        size="sm"
                        variant="ghost"
                        disabled={index === 0}
                        aria-label={`Move “${name}” up`}
                      >
                        <ArrowUp aria-hidden="true" />
                      </Button>
                      <Button
                        type="submit"
                        name="position"
                        value={index + 2}
                        size="sm"
                        variant="ghost"
                        disabled={index === sections.length - 1}
                        aria-label={`Move “${name}” down`}
                      >
                        <ArrowDown aria-hidden="true" />
                      </Button>
                    </Form>
                    <Form method="post" className="contents">
                      <input type="hidden" name="sectionId" value={section.id} />
                      <Button
                        type="submit"
                        name="intent"
                        value={section.hidden ? "show-section" : "hide-section"}
                        size="sm"
                        variant="ghost"
                        aria-label={`${section.hidden ? "Show" : "Hide"} “${name}”`}
                      >
                        {section.hidden ? <Eye aria-hidden="true" /> : <EyeOff aria-hidden="true" />}
                      </Button>
                    </Form>
                    <ConfirmButton
                      trigger={
                        <Button type="button" size="sm" variant="ghost" aria-label={`Delete “${name}”`}>
                          <Trash2 aria-hidden="true" />
                        </Button>
                      }
                      title={`Delete “${name}”?`}
                      description="The section leaves the draft. Visitors keep seeing it until you publish."
                      confirmLabel="Delete section"
                      onConfirm={() => submit({ intent: "delete-section", sectionId: section.id }, { method: "post" })}
                    />
                  </div>
                </div>
                {isEditing ? (
                  <div className="mt-3">
                    <SectionEditor
                      kind={section.kind}
                      sectionId={section.id}
                      values={
                        answer?.sectionForm === section.id && answer.values
                          ? answer.values
                          : sectionFormValues(section.kind, section.content as Record<string, unknown>)
                      }
                      errors={answer?.sectionForm === section.id ? sectionErrors : {}}
                      onCancel={editorUrl}
                    />
                  </div>
                ) : null}
              </li>
            );
          })}
        </ol>

        {adding ? (
          <SectionEditor
            kind={adding}
            sectionId={null}
            values={answer?.sectionForm === `new:${adding}` && answer.values ? answer.values : {}}
            errors={answer?.sectionForm === `new:${adding}` ? sectionErrors : {}}
            onCancel={editorUrl}
          />
        ) : (
          <Form method="get" className="flex flex-wrap items-end gap-2">
            <div className="grid gap-1.5">
              <label htmlFor="add-kind" className="text-sm font-medium">
                Kind of section
              </label>
              <NativeSelect id="add-kind" name="add" defaultValue="rich_text">
                {PAGE_SECTION_KINDS.map((kind) => (
                  <option key={kind} value={kind}>
                    {PAGE_SECTION_KIND_LABELS[kind]}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <Button type="submit" variant="outline">
              Add a section
            </Button>
          </Form>
        )}
      </section>

      <Preview pageId={page.id} revision={revision} />

      {page.builtIn ? null : (
        <section aria-labelledby="danger-heading" className="grid gap-2 rounded-xl border border-destructive/40 p-4">
          <h2 id="danger-heading" className="font-semibold">
            Delete this page
          </h2>
          <p className="text-sm text-muted-foreground">The page and its sections are removed; its address answers “page not found”.</p>
          <div>
            <ConfirmButton
              trigger={
                <Button type="button" variant="destructive">
                  Delete “{page.title}”
                </Button>
              }
              title={`Delete “${page.title}”?`}
              description="This cannot be undone."
              confirmLabel="Delete page"
              onConfirm={() => submit({ intent: "delete-page" }, { method: "post" })}
            />
          </div>
        </section>
      )}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
