import { createCookie, redirect } from "react-router";
import { resolveAuthSecret } from "~/server/auth/auth.server";
import { getConfig } from "~/server/config.server";

export type Flash = { id: string; kind: "success" | "error"; message: string };

let cookie: ReturnType<typeof createCookie> | undefined;

/** A signed, short-lived cookie that carries one toast across a redirect. */
function flashCookie() {
  const config = getConfig();
  cookie ??= createCookie("admin_flash", {
    path: "/admin",
    httpOnly: true,
    sameSite: "lax",
    secure: config.publicUrl.startsWith("https://"),
    maxAge: 60,
    secrets: [resolveAuthSecret(config)],
  });
  return cookie;
}

/** Redirect and show `message` as a toast on the next admin page. */
export async function redirectWithFlash(to: string, flash: Omit<Flash, "id">) {
  const value: Flash = { ...flash, id: crypto.randomUUID() };
  return redirect(to, { headers: { "Set-Cookie": await flashCookie().serialize(value) } });
}

/** The pending flash, if any, and the header that clears it (to send with the loader's answer). */
export async function readFlash(request: Request): Promise<{ flash: Flash | null; headers: HeadersInit }> {
  const value = (await flashCookie().parse(request.headers.get("cookie"))) as Flash | null;
  if (!value || typeof value.message !== "string") return { flash: null, headers: {} };
  return { flash: value, headers: { "Set-Cookie": await flashCookie().serialize("", { maxAge: 0 }) } };
}
