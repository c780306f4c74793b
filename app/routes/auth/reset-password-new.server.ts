import { data, redirect, type RouterContextProvider } from "react-router";
import { safeNextPath } from "~/lib/safe-next";
import { parseForm, type FieldErrors } from "~/lib/forms/parse-form";
import { invalidForm, readForm } from "~/server/action.server";
import { callAuthEndpoint } from "~/server/auth/auth-request.server";
import { resetPasswordForm } from "./auth-forms";

/** /reset-password/new: the link's token and the new password, twice. */
export async function resetPasswordAction({ request, context }: { request: Request; context: Readonly<RouterContextProvider> }) {
  const parsed = parseForm(resetPasswordForm, await readForm(request));
  // A broken token is about the link, not a field: it goes in the alert.
  if (parsed.errors) return invalidForm(parsed, { error: parsed.errors.token?.[0] });
  const result = await callAuthEndpoint({
    request,
    context,
    path: "/reset-password",
    body: { newPassword: parsed.data.password, token: parsed.data.token },
  });
  if (!result.ok) {
    if (result.error.code.startsWith("PASSWORD")) {
      const errors: FieldErrors = { password: [result.error.message] };
      return data({ errors }, { status: result.status });
    }
    return data({ error: result.error.message }, { status: result.status });
  }
  // Better Auth has revoked every session of the account; sign in again with the new password.
  const next = safeNextPath(parsed.data.next, "");
  throw redirect(`/login?notice=password-reset${next ? `&next=${encodeURIComponent(next)}` : ""}`, { headers: result.cookies });
}
