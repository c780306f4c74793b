import { data, type RouterContextProvider } from "react-router";
import { describeTotpSetup, revokeAccountSession, updateAccountName } from "~/server/users/account.server";
import { callAuthEndpoint } from "~/server/auth/auth-request.server";
import { getAuth } from "~/server/auth/auth.server";
import type { SessionUser } from "~/server/auth/session.server";
import type { FieldErrors } from "~/routes/auth/auth-forms";
import { parseForm } from "~/routes/auth/auth-forms";
import { accountForms, isAccountIntent, type AccountIntent } from "./account-forms";

export type TotpSetup = Awaited<ReturnType<typeof describeTotpSetup>>;

export type AccountActionResult = {
  intent: AccountIntent;
  /** A success message for the toast. */
  success?: string;
  error?: string;
  fieldErrors?: FieldErrors;
  /** Step two of turning on two-factor sign-in: scan, then confirm with a code. */
  setup?: TotpSetup;
  /** Shown once, right after two-factor sign-in is turned on. */
  backupCodes?: string[];
};

type ActionArgs = { request: Request; context: Readonly<RouterContextProvider>; user: SessionUser; form: FormData };

const reply = (result: AccountActionResult, init?: { status?: number; headers?: Headers }) => data(result, init);

/** Runs one of the account page's forms; the form's `intent` picks which. */
export async function runAccountAction({ request, context, user, form }: ActionArgs) {
  const intent = form.get("intent");
  if (!isAccountIntent(intent)) return reply({ intent: "update-name", error: "Unknown action." }, { status: 400 });
  const parsed = parseForm(accountForms[intent], form);
  if (parsed.errors) {
    // A failed confirmation keeps the QR code on screen.
    const setup = intent === "confirm-two-factor" ? await setupFromForm(form) : undefined;
    return reply({ intent, fieldErrors: parsed.errors, setup }, { status: 400 });
  }
  const values = parsed.data as Record<string, string | undefined>;
  const call = (path: string, body?: Record<string, unknown>) =>
    callAuthEndpoint<Record<string, unknown>>({ request, context, path, body });

  switch (intent) {
    case "update-name": {
      await updateAccountName({ userId: user.id, name: values.name! });
      return reply({ intent, success: "Name updated" });
    }
    case "change-password": {
      const result = await call("/change-password", {
        currentPassword: values.currentPassword,
        newPassword: values.newPassword,
        revokeOtherSessions: values.revokeOtherSessions === "on",
      });
      if (!result.ok) {
        const field =
          result.error.code === "INVALID_PASSWORD" ? "currentPassword" : result.error.code.startsWith("PASSWORD") ? "newPassword" : null;
        return reply(field ? { intent, fieldErrors: { [field]: [result.error.message] } } : { intent, error: result.error.message }, {
          status: result.status,
        });
      }
      return reply({ intent, success: "Password changed" }, { headers: result.cookies });
    }
    case "enable-two-factor": {
      const result = await call("/two-factor/enable", { password: values.password });
      if (!result.ok) {
        const field = result.error.code === "INVALID_PASSWORD" ? "password" : null;
        return reply(field ? { intent, fieldErrors: { password: [result.error.message] } } : { intent, error: result.error.message }, {
          status: result.status,
        });
      }
      return reply({ intent, setup: await describeTotpSetup({ totpUri: String(result.data.totpURI) }) }, { headers: result.cookies });
    }
    case "confirm-two-factor": {
      const result = await call("/two-factor/verify-totp", { code: values.code });
      if (!result.ok) {
        return reply(
          { intent, fieldErrors: { code: [result.error.message] }, setup: await setupFromForm(form) },
          { status: result.status },
        );
      }
      const { backupCodes } = await getAuth().api.viewBackupCodes({ body: { userId: user.id } });
      return reply({ intent, success: "Two-factor sign-in is on", backupCodes }, { headers: result.cookies });
    }
    case "disable-two-factor": {
      const result = await call("/two-factor/disable", { password: values.password });
      if (!result.ok) {
        const field = result.error.code === "INVALID_PASSWORD" ? "password" : null;
        return reply(field ? { intent, fieldErrors: { password: [result.error.message] } } : { intent, error: result.error.message }, {
          status: result.status,
        });
      }
      return reply({ intent, success: "Two-factor sign-in is off" }, { headers: result.cookies });
    }
    case "revoke-session": {
      if (values.sessionId === user.sessionId) return reply({ intent, error: "To end this session, use Sign out." }, { status: 400 });
      const revoked = await revokeAccountSession({ userId: user.id, sessionId: values.sessionId! });
      return revoked
        ? reply({ intent, success: "Session signed out" })
        : reply({ intent, error: "That session has already ended." }, { status: 404 });
    }
    case "revoke-other-sessions": {
      const result = await call("/revoke-other-sessions", {});
      if (!result.ok) return reply({ intent, error: result.error.message }, { status: result.status });
      return reply({ intent, success: "Signed out of all other sessions" }, { headers: result.cookies });
    }
  }
}

async function setupFromForm(form: FormData) {
  const totpUri = String(form.get("totpUri") ?? "");
  if (!totpUri.startsWith("otpauth://")) return undefined;
  return describeTotpSetup({ totpUri }).catch(() => undefined);
}
