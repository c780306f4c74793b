import { data, type RouterContextProvider } from "react-router";
import { parseForm, type FieldErrors } from "~/lib/forms/parse-form";
import { requestInfoContext } from "~/lib/request-context";
import { invalidForm, readForm } from "~/server/action.server";
import { callAuthEndpoint } from "~/server/auth/auth-request.server";
import { minutesText } from "~/server/platform/rate-limit.server";
import { redirectWithToast } from "~/server/toast.server";
import { createOwnerAccount, OwnerSetupClosedError, takeOwnerSetupAttempt } from "~/server/users/owner-setup.server";
import { ownerSetupFailure } from "~/server/users/user-failures.server";
import { adminExists } from "~/server/users/user-roles.server";
import { ownerSetupForm } from "./owner-setup-form";

type ActionArgs = { request: Request; context: Readonly<RouterContextProvider> };

/** Once any admin exists the form is gone for good: the page, and a direct POST, answer 404. */
export async function requireOwnerSetupOpen() {
  if (await adminExists()) throw data({ message: "Not found" }, { status: 404 });
}

/**
 * The first-run form: create the owner (a super admin) with the server's one-time setup code,
 * then sign them in and open the back office. Reachable without signing in, so it is limited per
 * client address, and the code is checked in constant time (createOwnerAccount).
 */
export async function ownerSetupAction({ request, context }: ActionArgs) {
  await requireOwnerSetupOpen();
  const parsed = parseForm(ownerSetupForm, await readForm(request));
  // Every attempt counts, a refused form too.
  const attempt = await takeOwnerSetupAttempt({ clientIp: context.get(requestInfoContext).clientIp || "unknown" });
  if (!attempt.allowed) {
    const error = `Too many attempts. Please wait ${minutesText(attempt.retryAfterSeconds)} and try again.`;
    return data({ error, values: parsed.values }, { status: 429 });
  }
  if (parsed.errors) return invalidForm(parsed);
  const { code, name, email, password } = parsed.data;

  try {
    await createOwnerAccount({ code, name, email, password });
  } catch (error) {
    if (error instanceof OwnerSetupClosedError) throw data({ message: "Not found" }, { status: 404 });
    const failure = ownerSetupFailure(error);
    if (failure.field === "form") return data({ error: failure.message, values: parsed.values }, { status: failure.status });
    const errors: FieldErrors = { [failure.field]: [failure.message] };
    return data({ errors, values: parsed.values }, { status: failure.status });
  }

  const created = { kind: "success", message: "Owner account created" } as const;
  const signIn = await callAuthEndpoint({ request, context, path: "/sign-in/email", body: { email, password, rememberMe: true } });
  if (!signIn.ok) return redirectWithToast("/login?next=%2Fadmin", { ...created, description: "Sign in with it to open the back office." });
  return redirectWithToast("/admin", { ...created, description: "Welcome to your back office." }, { headers: signIn.cookies });
}
