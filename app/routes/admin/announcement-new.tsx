import { useState } from "react";
import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/announcement-new";
import { AdminError } from "~/components/admin/admin-error";
import { MarkdownPreview } from "~/components/admin/markdown-preview";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { useAnswerToast } from "~/components/use-toast-once";
import { ANNOUNCEMENT_LIMITS } from "~/lib/announcements";
import { ANNOUNCEMENT_AUDIENCE_LABELS, type AnnouncementAudience } from "~/lib/domain-values";
import { adminMeta } from "~/lib/seo";
export { loader, action } from "./announcement-new.server";

export const meta: Route.MetaFunction = (args) => adminMeta(args, "New announcement");

type Answer = { errors?: Record<string, string[]>; values?: Record<string, string> } | undefined;

/** Write an announcement in Markdown, preview it, send a test to yourself, then send it. */
export default function NewAnnouncement({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData as Answer;
  useAnswerToast(actionData);
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const typed = answer?.values ?? {};
  const errors = answer?.errors ?? {};
  const [audience, setAudience] = useState<AnnouncementAudience>((typed.audience as AnnouncementAudience) ?? "course");
  const [body, setBody] = useState(typed.bodyMd ?? "");
  return (
    <div className="grid max-w-3xl gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">New announcement</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          An e-mail to your learners. It carries a one-click unsubscribe; people who unsubscribed or whose mail bounced are skipped.
        </p>
      </div>
      <Form method="post" className="grid gap-5 rounded-xl border bg-card p-4 sm:p-6">
        <input type="hidden" name="sendKey" value={loaderData.sendKey} />
        <FormField label="Subject" name="subject" error={errors.subject}>
          <Input defaultValue={typed.subject ?? ""} required maxLength={ANNOUNCEMENT_LIMITS.subject} autoComplete="off" />
        </FormField>
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField
            label="Send to"
            name="audience"
            hint={loaderData.audiences.length === 1 ? "Only the school's owner can e-mail all members, customers or subscribers." : undefined}
            error={errors.audience}
          >
            <NativeSelect value={audience} onChange={(event) => setAudience(event.target.value as AnnouncementAudience)}>
              {loaderData.audiences.map((value) => (
                <option key={value} value={value}>
                  {ANNOUNCEMENT_AUDIENCE_LABELS[value]}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          {audience === "course" ? (
            <FormField label="Course" name="courseId" error={errors.courseId}>
              <NativeSelect defaultValue={typed.courseId ?? ""}>
                <option value="">Choose a course</option>
                {loaderData.courses.map((course) => (
                  <option key={course.id} value={course.id}>
                    {course.title}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
          ) : null}
        </div>
        <FormField label="Message (Markdown)" name="bodyMd" error={errors.bodyMd}>
          <Textarea
            value={body}
            onChange={(event) => setBody(event.target.value)}
            rows={12}
            maxLength={ANNOUNCEMENT_LIMITS.bodyMd}
            className="font-mono text-sm"
          />
        </FormField>
        <section aria-labelledby="announcement-preview" className="grid gap-2">
          <h2 id="announcement-preview" className="text-sm font-semibold">
            Preview
          </h2>
          <div className="rounded-lg border bg-background p-4">
            <MarkdownPreview markdown={body} />
          </div>
        </section>
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="submit" name="intent" value="test" variant="outline" loading={pending === "test"}>
            Send test to me
          </Button>
          <Button type="submit" name="intent" value="send" loading={pending === "send"}>
            Send announcement
          </Button>
        </div>
      </Form>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
