import { data, redirect, type RouterContextProvider } from "react-router";
import { isAdminRole } from "~/lib/roles";
import { safeNextPath } from "~/lib/safe-next";
import { sessionUserContext, type SessionUser } from "./session.server";

/** Loader/action arguments; `url` is React Router's normalized URL (no `.data` suffix). */
type GuardArgs = { request: Request; url?: URL; context: Readonly<RouterContextProvider> };

export function getSessionUser({ context }: Pick<GuardArgs, "context">): SessionUser | null {
  return context.get(sessionUserContext);
}

/** Where the visitor was going, without React Router's data-request details. */
function visibleUrl({ request, url }: Pick<GuardArgs, "request" | "url">) {
  if (url) return url;
  const raw = new URL(request.url);
  raw.pathname = raw.pathname === "/_root.data" ? "/" : raw.pathname.replace(/\.data$/, "");
  raw.searchParams.delete("_routes");
  raw.searchParams.delete("index");
  return raw;
}

function loginRedirect(args: Pick<GuardArgs, "request" | "url">) {
  const url = visibleUrl(args);
  const next = safeNextPath(`${url.pathname}${url.search}`);
  return redirect(`/login?next=${encodeURIComponent(next)}`);
}

/** A signed-in user, or a redirect to /login that comes back here. */
export function requireUser(args: GuardArgs): SessionUser {
  const user = getSessionUser(args);
  if (!user) throw loginRedirect(args);
  return user;
}

/** Sign-in, sign-up and reset are for visitors; a signed-in user goes to their account. */
export function requireAnonymous(args: GuardArgs) {
  if (getSessionUser(args)) throw redirect("/account");
}

export type AccessDeniedData = { accessDenied: true; user: string; role: string; isAdmin: boolean };

/** An admin (admin or super_admin); anyone else gets 403 Access Denied, a visitor goes to /login. */
export function requireAdmin(args: GuardArgs): SessionUser {
  const user = requireUser(args);
  if (!isAdminRole(user.role)) {
    throw data<AccessDeniedData>({ accessDenied: true, user: user.email, role: user.role, isAdmin: false }, { status: 403 });
  }
  return user;
}

/**
 * A super_admin, for what a plain admin may not change (the site settings). Anyone else signed in
 * gets the same 403 Access Denied as requireAdmin gives; a visitor goes to /login.
 */
export function requireSuperAdmin(args: GuardArgs): SessionUser {
  const user = requireUser(args);
  if (user.role !== "super_admin") {
    throw data<AccessDeniedData>(
      { accessDenied: true, user: user.email, role: user.role, isAdmin: isAdminRole(user.role) },
      { status: 403 },
    );
  }
  return user;
}
