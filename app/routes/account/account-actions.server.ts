import { data, redirect, type RouterContextProvider } from "react-router";
import type { Toast } from "~/lib/toast";
import { parseForm, type FieldErrors, type FormValues } from "~/lib/forms/parse-form";
import { invalidForm, readForm } from "~/server/action.server";
import { callAuthEndpoint } from "~/server/auth/auth-request.server";
import { getAuth } from "~/server/auth/auth.server";
import { requireUser } from "~/server/auth/guards.server";
import { openPlanCardUpdate, payOverdueTestInstalment, PlanNotFoundError } from "~/server/payments/payment-plans.server";
import { PaymentProviderError } from "~/server/payments/providers.server";
import { logger } from "~/server/platform/logger.server";
import { dataWithToast, redirectWithToast } from "~/server/toast.server";
import { requestDataExport } from "~/server/users/data-export.server";
import { confirmAccountOwner, deleteAccount, LastSuperAdminError } from "~/server/users/delete-account.server";
import { describeTotpSetup, revokeAccountSession, updateAccountName } from "~/server/users/account.server";
import { accountForm, type AccountIntent } from "./account-forms";

export type TotpSetup = Awaited<ReturnType<typeof describeTotpSetup>>;

/** What the account page gets back from any of its forms; `intent` says which form it is for. */
export type AccountActionResult = {
  intent?: string;
  errors?: FieldErrors;
  values?: FormValues;
  /** A failure that belongs to no single field: shown in its form as well as in the toast. */
  error?: string;
  toast?: Toast;
  /** Step two of turning on two-factor sign-in: scan, then confirm with a code. */
  setup?: TotpSetup;
  /** Shown once, right after two-factor sign-in is turned on. */
  backupCodes?: string[];
};

type ActionArgs = { request: Request; context: Readonly<RouterContextProvider> };

const succeeded = (intent: AccountIntent, message: string, init?: { headers?: Headers }, extra: AccountActionResult = {}) =>
  dataWithToast({ ...extra, intent }, { kind: "success", message }, init);

const failed = (intent: AccountIntent, message: string, status: number) =>
  dataWithToast({ intent, error: message }, { kind: "error", message }, { status });

/** The auth service's message about one field goes under that field. */
const fieldFailed = (intent: AccountIntent, field: string, message: string, status: number, extra: AccountActionResult = {}) =>
  data<AccountActionResult>({ ...extra, intent, errors: { [field]: [message] } }, { status });

/** Runs one of the account page's forms; the form's `intent` picks which. */
export async function runAccountAction({ request, context }: ActionArgs) {
  const user = requireUser({ request, context });
  const parsed = parseForm(accountForm, await readForm(request));
  if (parsed.errors) {
    const intent = parsed.values.intent;
    // A refused confirmation keeps the QR code on screen.
    const setup = intent === "confirm-two-factor" ? await setupFrom(parsed.values.totpUri) : undefined;
    return invalidForm(parsed, { intent, setup });
  }
  const input = parsed.data;
  const call = (path: string, body?: Record<string, unknown>) =>
    callAuthEndpoint<Record<string, unknown>>({ request, context, path, body });

  switch (input.intent) {
    case "update-name": {
      await updateAccountName({ userId: user.id, name: input.name });
      return succeeded(input.intent, "Name updated");
    }
    case "change-password": {
      const result = await call("/change-password", {
        currentPassword: input.currentPassword,
        newPassword: input.newPassword,
        revokeOtherSessions: input.revokeOtherSessions,
      });
      if (!result.ok) {
        const { code, message } = result.error;
        if (code === "INVALID_PASSWORD") return fieldFailed(input.intent, "currentPassword", message, result.status);
        if (code.startsWith("PASSWORD")) return fieldFailed(input.intent, "newPassword", message, result.status);
        return failed(input.intent, message, result.status);
      }
      return succeeded(input.intent, "Password changed", { headers: result.cookies });
    }
    case "enable-two-factor": {
      const result = await call("/two-factor/enable", { password: input.password });
      if (!result.ok) {
        if (result.error.code === "INVALID_PASSWORD") return fieldFailed(input.intent, "password", result.error.message, result.status);
        return failed(input.intent, result.error.message, result.status);
      }
      const setup = await describeTotpSetup({ totpUri: String(result.data.totpURI) });
      return data<AccountActionResult>({ intent: input.intent, setup }, { headers: result.cookies });
    }
    case "confirm-two-factor": {
      const result = await call("/two-factor/verify-totp", { code: input.code });
      if (!result.ok) {
        return fieldFailed(input.intent, "code", result.error.message, result.status, { setup: await setupFrom(input.totpUri) });
      }
      const { backupCodes } = await getAuth().api.viewBackupCodes({ body: { userId: user.id } });
      return succeeded(input.intent, "Two-factor sign-in is on", { headers: result.cookies }, { backupCodes });
    }
    case "disable-two-factor": {
      const result = await call("/two-factor/disable", { password: input.password });
      if (!result.ok) {
        if (result.error.code === "INVALID_PASSWORD") return fieldFailed(input.intent, "password", result.error.message, result.status);
        return failed(input.intent, result.error.message, result.status);
      }
      return succeeded(input.intent, "Two-factor sign-in is off", { headers: result.cookies });
    }
    case "revoke-session": {
      if (input.sessionId === user.sessionId) return failed(input.intent, "To end this session, use Sign out.", 400);
      const revoked = await revokeAccountSession({ userId: user.id, sessionId: input.sessionId });
      return revoked ? succeeded(input.intent, "Session signed out") : failed(input.intent, "That session has already ended.", 404);
    }
    case "revoke-other-sessions": {
      const result = await call("/revoke-other-sessions", {});
      if (!result.ok) return failed(input.intent, result.error.message, result.status);
      return succeeded(input.intent, "Signed out of all other sessions", { headers: result.cookies });
    }
    case "request-data-export": {
      const requested = await requestDataExport({ userId: user.id });
      if (!requested) return failed(input.intent, "Your account was not found.", 404);
      return succeeded(
        input.intent,
        requested.queued ? "Your data is being prepared: we will e-mail you a link" : "Your data is already being prepared: we will e-mail you a link",
      );
    }
    case "pay-overdue-plan": {
      try {
        const { outcome } = await payOverdueTestInstalment({ planId: input.planId, userId: user.id });
        if (outcome === "paid") return succeeded(input.intent, "Payment made: your plan is up to date and the course is open");
        return failed(input.intent, "Nothing is overdue on this payment plan", 409);
      } catch (error) {
        if (error instanceof PlanNotFoundError) return failed(input.intent, "That payment plan was not found", 404);
        throw error;
      }
    }
    case "update-plan-card": {
      try {
        const { redirectUrl } = await openPlanCardUpdate({ planId: input.planId, userId: user.id });
        return redirect(redirectUrl);
      } catch (error) {
        if (error instanceof PlanNotFoundError) return failed(input.intent, "That payment plan was not found", 404);
        if (error instanceof PaymentProviderError) {
          logger.warn({ err: error, userId: user.id }, "the billing portal for a payment plan could not be opened");
          return failed(input.intent, "Stripe could not be reached: try again in a minute", 502);
        }
        throw error;
      }
    }
    case "delete-account": {
      if (!(await confirmAccountOwner({ userId: user.id, sessionId: user.sessionId, password: input.password }))) {
        const message = input.password ? "That password is not right" : "Enter your password (or sign in again if you have none)";
        return fieldFailed(input.intent, "password", message, 400, { values: { intent: input.intent } });
      }
      try {
        await deleteAccount({ userId: user.id });
      } catch (error) {
        if (error instanceof LastSuperAdminError) {
          return failed(input.intent, "You are the last super admin: make someone else super admin first, then delete your account.", 409);
        }
        throw error;
      }
      // Every session went with the account; the browser's cookie now names none.
      return redirectWithToast("/", { kind: "success", message: "Your account was deleted" });
    }
  }
}

async function setupFrom(totpUri: string | undefined) {
  if (!totpUri?.startsWith("otpauth://")) return undefined;
  return describeTotpSetup({ totpUri }).catch(() => undefined);
}
