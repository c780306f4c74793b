import { Readable } from "node:stream";
import { data, type RouterContextProvider } from "react-router";
import { formatDateTime } from "~/lib/dates";
import { requireUser } from "~/server/auth/guards.server";
import { redirectWithToast } from "~/server/toast.server";
import { openDataExport } from "~/server/users/data-export.server";

/**
 * GET /account/data-export/:id, the link of the "your data is ready" e-mail: the ZIP, for the
 * signed-in owner of the data only (anyone else, an admin too, gets 404; a visitor signs in first
 * and comes back). An expired link goes to the account page, which says so and can ask again.
 */
export async function dataExportDownloadLoader({
  request,
  context,
  exportId,
}: {
  request: Request;
  context: Readonly<RouterContextProvider>;
  exportId: string;
}) {
  const user = requireUser({ request, context });
  const found = await openDataExport({ exportId, userId: user.id });
  if (found.kind === "not-found") throw data("This download is not there.", { status: 404 });
  if (found.kind === "preparing") {
    return redirectWithToast("/account", {
      kind: "success",
      message: "Your data is still being prepared: we will e-mail you when it is ready.",
    });
  }
  if (found.kind === "expired") {
    return redirectWithToast("/account", {
      kind: "error",
      message: `This download link expired on ${formatDateTime(found.expiredAt)}. Ask for a new copy of your data below.`,
    });
  }
  return new Response(Readable.toWeb(found.stream) as ReadableStream, {
    headers: {
      "Content-Type": "application/zip",
      ...(found.size !== undefined ? { "Content-Length": String(found.size) } : {}),
      "Content-Disposition": `attachment; filename="${found.fileName}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "X-Robots-Tag": "noindex",
    },
  });
}
