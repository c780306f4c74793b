import { data, type RouterContextProvider } from "react-router";
import { parseForm } from "~/lib/forms/parse-form";
import { invalidForm, readForm } from "~/server/action.server";
import { callAuthEndpoint } from "~/server/auth/auth-request.server";
import { RESET_CALLBACK_PATH } from "~/server/auth/auth.server";
import { requireAnonymous } from "~/server/auth/guards.server";
import { dataWithToast } from "~/server/toast.server";
import { resetRequestForm } from "./auth-forms";
import type { Route } from "./+types/reset-password";

/** /reset-password: mail a link to choose a new password. */
export async function resetRequestAction({ request, context }: { request: Request; context: Readonly<RouterContextProvider> }) {
  requireAnonymous({ request, context });
  const parsed = parseForm(resetRequestForm, await readForm(request));
  if (parsed.errors) return invalidForm(parsed);
  // The answer is the same whether or not the address has an account.
  const result = await callAuthEndpoint({
    request,
    context,
    path: "/request-password-reset",
    body: { email: parsed.data.email, redirectTo: RESET_CALLBACK_PATH },
  });
  if (!result.ok) return data({ error: result.error.message, values: parsed.values }, { status: result.status });
  return dataWithToast({ sent: true as const, email: parsed.data.email }, { kind: "success", message: "Password reset email sent" });
}

export function loader({ request, context }: Route.LoaderArgs) {
  requireAnonymous({ request, context });
  return null;
}

export function action({ request, context }: Route.ActionArgs) {
  return resetRequestAction({ request, context });
}
