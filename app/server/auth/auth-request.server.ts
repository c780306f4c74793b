import type { RouterContextProvider } from "react-router";
import { requestInfoContext } from "~/lib/request-context";
import { getConfig } from "~/server/platform/config.server";
import { minutesText } from "~/server/platform/rate-limit.server";
import { getAuth } from "./auth.server";
import { CLIENT_IP_HEADER } from "./client-ip.server";

export type AuthFailure = { status: number; code: string; message: string };

export type AuthCallResult<T> =
  { ok: true; status: number; data: T; cookies: Headers } | { ok: false; status: number; error: AuthFailure; cookies: Headers };

type CallArgs = {
  request: Request;
  context: Readonly<RouterContextProvider>;
  /** Better Auth's endpoint path, e.g. "/sign-in/email". */
  path: string;
  method?: "GET" | "POST";
  body?: Record<string, unknown>;
};

/**
 * Calls a Better Auth endpoint for one of the app's own forms, through Better Auth's HTTP
 * handler rather than `auth.api.*`, so the form gets exactly what the JSON API gets: the
 * per-IP rate limits (which live in the router), the origin checks and every hook. The
 * browser's cookies and client address are passed on; the cookies Better Auth sets come
 * back in `cookies`, for the action's response.
 */
export async function callAuthEndpoint<T = unknown>({
  request,
  context,
  path,
  method = "POST",
  body,
}: CallArgs): Promise<AuthCallResult<T>> {
  const config = getConfig();
  // The browser's request already passed server.ts's same-origin check.
  const headers = new Headers({ accept: "application/json", origin: config.publicUrl });
  for (const name of ["cookie", "user-agent"]) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  const clientIp = context.get(requestInfoContext).clientIp;
  if (clientIp) headers.set(CLIENT_IP_HEADER, clientIp);
  if (body) headers.set("content-type", "application/json");

  const response = await getAuth().handler(
    new Request(`${config.publicUrl}/api/auth${path}`, { method, headers, body: body ? JSON.stringify(body) : undefined }),
  );
  const cookies = new Headers();
  for (const cookie of response.headers.getSetCookie()) cookies.append("set-cookie", cookie);
  const payload = (await response.json().catch(() => null)) as (T & { code?: string; message?: string }) | null;
  if (response.ok) return { ok: true, status: response.status, data: payload as T, cookies };

  const retryAfter = Number(response.headers.get("x-retry-after"));
  const error: AuthFailure = {
    status: response.status,
    code: payload?.code ?? (response.status === 429 ? "TOO_MANY_REQUESTS" : "UNKNOWN"),
    message: payload?.message ?? "",
  };
  if (response.status === 429 && error.code === "TOO_MANY_REQUESTS") {
    error.message = `Too many attempts. Please wait ${Number.isFinite(retryAfter) && retryAfter > 0 ? (retryAfter < 60 ? `${retryAfter} seconds` : minutesText(retryAfter)) : "a few minutes"} and try again.`;
  }
  return { ok: false, status: response.status, error: { ...error, message: authErrorMessage(error) }, cookies };
}

/**
 * The text shown in the form's red box: the service's own message, reworded where it would
 * not help a person (error codes come from Better Auth and the account-protection plugin).
 */
export function authErrorMessage({ code, message }: Pick<AuthFailure, "code" | "message">) {
  switch (code) {
    case "INVALID_EMAIL_OR_PASSWORD":
      return "Invalid email or password.";
    case "EMAIL_NOT_VERIFIED":
      return "Please confirm your email address before signing in. Use the link in the email we sent you, or send a new one.";
    case "PASSWORD_TOO_SHORT":
      return "Password must be at least 6 characters.";
    case "PASSWORD_TOO_LONG":
      return "Password must be at most 128 characters.";
    case "INVALID_PASSWORD":
      return "That password is not correct.";
    case "INVALID_TOKEN":
      return "This reset link is invalid or has expired. Please ask for a new one.";
    case "INVALID_CODE":
      return "That code is not correct. Check your authenticator app and try again.";
    case "INVALID_BACKUP_CODE":
      return "That backup code is not correct or has already been used.";
    case "INVALID_TWO_FACTOR_COOKIE":
    case "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE":
      return "Your sign-in has expired or had too many wrong codes. Please sign in again.";
    case "INVALID_EMAIL":
      return "Please enter a valid email address.";
    default:
      return message || "Something went wrong. Please try again.";
  }
}
