import { data } from "react-router";
import type { Route } from "./+types/subscriber-import";
import { SUBSCRIBER_IMPORT_COLUMNS, SUBSCRIBER_IMPORT_MAX_BYTES, SUBSCRIBER_MESSAGES } from "~/lib/subscribers";
import { readForm } from "~/server/action.server";
import { requireSuperAdmin } from "~/server/auth/guards.server";
import { importSubscribers } from "~/server/marketing/subscribers.server";
import { redirectWithToast } from "~/server/toast.server";

/**
 * Admin → Subscribers → Import: the owner's, as e-mailing the newsletter is (decision 042).
 * The file is checked whole; any line that cannot be imported refuses it, each named with its reason.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  requireSuperAdmin({ request, context });
  return { columns: SUBSCRIBER_IMPORT_COLUMNS };
}

export async function action({ request, context }: Route.ActionArgs) {
  const owner = requireSuperAdmin({ request, context });
  const form = await readForm(request);
  const file = form.get("file");
  if (!(file instanceof File) || file.size === 0) {
    return data({ errors: { file: [SUBSCRIBER_MESSAGES.fileRequired] }, refusals: [] }, { status: 400 });
  }
  if (file.size > SUBSCRIBER_IMPORT_MAX_BYTES) {
    return data({ errors: { file: [SUBSCRIBER_MESSAGES.fileTooLarge] }, refusals: [] }, { status: 413 });
  }
  const result = await importSubscribers({ text: await file.text(), fileName: file.name, actor: owner });
  if (!result.ok) {
    return data(
      {
        errors: { file: [SUBSCRIBER_MESSAGES.refused(result.refusals.length)] },
        refusals: result.refusals.slice(0, 100),
        more: Math.max(0, result.refusals.length - 100),
      },
      { status: 422 },
    );
  }
  const { added, confirmed, unchanged, skipped } = result.summary;
  return redirectWithToast("/admin/subscribers", {
    kind: "success",
    message: SUBSCRIBER_MESSAGES.imported({ added, confirmed, unchanged, skipped }),
  });
}
