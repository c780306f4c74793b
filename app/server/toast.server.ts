import { createCookie, data, redirect } from "react-router";
import { resolveAuthSecret } from "~/server/auth/auth-secrets.server";
import { getConfig } from "~/server/platform/config.server";
import type { Toast } from "~/lib/toast";

/**
 * The site's one way to tell a person what just happened: a toast. After a redirect it travels
 * in a signed, short-lived cookie that the root loader reads and clears; in an action's own
 * answer it travels as `toast` in the data. Either way `useToastOnce` shows it once.
 */

export type ToastInput = Omit<Toast, "id">;

let cookie: ReturnType<typeof createCookie> | undefined;

function toastCookie() {
  const config = getConfig();
  cookie ??= createCookie("toast", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: config.publicUrl.startsWith("https://"),
    maxAge: 60,
    secrets: [resolveAuthSecret(config)],
  });
  return cookie;
}

export const newToast = (toast: ToastInput): Toast => ({ ...toast, id: crypto.randomUUID() });

/** Redirect and show the toast on the page the browser lands on. */
export async function redirectWithToast(to: string, toast: ToastInput, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastCookie().serialize(newToast(toast)));
  return redirect(to, { ...init, headers });
}

/** An action's answer that stays on the page: its data plus the toast to show. */
export function dataWithToast<T extends Record<string, unknown>>(payload: T, toast: ToastInput, init?: number | ResponseInit) {
  return data({ ...payload, toast: newToast(toast) }, init);
}

/** The pending toast, if any, and the header that clears it (the root loader sends it). */
export async function readToast(request: Request): Promise<{ toast: Toast | null; headers: HeadersInit }> {
  const value = (await toastCookie().parse(request.headers.get("cookie"))) as Toast | null;
  if (!value || typeof value.message !== "string") return { toast: null, headers: {} };
  return { toast: value, headers: { "Set-Cookie": await toastCookie().serialize("", { maxAge: 0 }) } };
}
