import { data, redirect } from "react-router";
import type { Route } from "./+types/user-import";
import { z } from "~/lib/forms/zod";
import { NOT_IN_FILE, USER_IMPORT_MESSAGES, type UserImportColumns } from "~/lib/user-import";
import { readForm } from "~/server/action.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { dataWithToast, redirectWithToast } from "~/server/toast.server";
import {
  describeUserImport,
  importUsers,
  planUserImport,
  readUserImportUpload,
  storeUserImportUpload,
  UserImportFileError,
  UserImportRefusedError,
} from "~/server/users/import-users.server";

/**
 * Admin → Users → Import (issue 43): upload (kept a day), map the columns, the dry run (a GET: it
 * changes nothing), then the import in one transaction. `?upload=<id>` names the upload; the
 * mapping is in the query too, so a dry run can be reloaded or shared with another admin.
 */

/** How many rows of the dry run the page lists (every refused row first); the counts cover them all. */
const ROWS_SHOWN = 500;

const columnIndex = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value === "" || value === NOT_IN_FILE ? null : Number(value)))
  .pipe(z.number().int().min(0).max(200).nullable());

const mappingSchema = z.object({
  email: columnIndex,
  name: columnIndex,
  courses: columnIndex,
  memberUntil: columnIndex,
});

function mappingFrom(values: Record<string, string | undefined>): UserImportColumns | null {
  const parsed = mappingSchema.safeParse(values);
  if (!parsed.success || parsed.data.email === null) return null;
  return { ...parsed.data, email: parsed.data.email };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin({ request, context });
  const params = new URL(request.url).searchParams;
  const uploadId = params.get("upload");
  if (!uploadId) return { step: "upload" as const };
  const text = await readUserImportUpload(uploadId);
  if (text === null) return { step: "upload" as const, error: USER_IMPORT_MESSAGES.fileGone };
  try {
    const { header, rowCount, guessed } = describeUserImport(text);
    const chosen = params.has("email") ? mappingFrom(Object.fromEntries(params)) : null;
    if (params.has("email") && !chosen) {
      return { step: "map" as const, uploadId, header, rowCount, columns: guessed, error: USER_IMPORT_MESSAGES.emailColumnRequired };
    }
    if (!chosen) return { step: "map" as const, uploadId, header, rowCount, columns: guessed };
    const plan = await planUserImport({ text, columns: chosen });
    const ordered = [...plan.rows.filter((row) => row.action === "refuse"), ...plan.rows.filter((row) => row.action !== "refuse")];
    return {
      step: "dry-run" as const,
      uploadId,
      header,
      rowCount,
      columns: chosen,
      counts: plan.counts,
      rows: ordered.slice(0, ROWS_SHOWN).map(({ line, email, name, action, notes }) => ({ line, email, name, action, notes })),
    };
  } catch (error) {
    if (error instanceof UserImportFileError) return { step: "upload" as const, error: error.message };
    throw error;
  }
}

const actionForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("upload") }),
  z.object({
    intent: z.literal("import"),
    uploadId: z.string().regex(/^[0-9a-f-]{36}$/),
    email: z.string(),
    name: z.string().optional(),
    courses: z.string().optional(),
    memberUntil: z.string().optional(),
    sendWelcome: z.literal("on").optional(),
  }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin({ request, context });
  const form = await readForm(request);
  const parsed = actionForm.safeParse(Object.fromEntries([...form].filter(([, value]) => typeof value === "string")));
  if (!parsed.success) return data({ error: "Unknown action." }, { status: 400 });
  const input = parsed.data;
  if (input.intent === "upload") {
    const file = form.get("file");
    if (!(file instanceof File) || file.size === 0) return data({ error: USER_IMPORT_MESSAGES.fileRequired }, { status: 400 });
    try {
      const uploadId = await storeUserImportUpload(new Uint8Array(await file.arrayBuffer()));
      return redirect(`/admin/users/import?upload=${uploadId}&file=${encodeURIComponent(file.name)}`);
    } catch (error) {
      if (error instanceof UserImportFileError) return data({ error: error.message }, { status: 422 });
      throw error;
    }
  }
  const columns = mappingFrom(input);
  if (!columns) return data({ error: USER_IMPORT_MESSAGES.emailColumnRequired }, { status: 400 });
  const text = await readUserImportUpload(input.uploadId);
  if (text === null) return data({ error: USER_IMPORT_MESSAGES.fileGone }, { status: 410 });
  const fileName = new URL(request.url).searchParams.get("file") ?? "a CSV file";
  try {
    const result = await importUsers({ text, columns, fileName, actor: admin, sendWelcome: input.sendWelcome === "on" });
    return redirectWithToast("/admin/users", { kind: "success", message: USER_IMPORT_MESSAGES.imported(result) });
  } catch (error) {
    if (error instanceof UserImportFileError || error instanceof UserImportRefusedError) {
      return dataWithToast({ error: error.message }, { kind: "error", message: error.message }, 422);
    }
    throw error;
  }
}
