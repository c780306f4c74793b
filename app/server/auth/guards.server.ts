import { data, redirect, type RouterContextProvider } from "react-router";
import { isAdminRole } from "~/lib/roles";
import { findDiscussionInboxScope, type DiscussionInboxScope } from "~/server/access/lesson-access.server";
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

const accessDenied = (user: SessionUser) =>
  data<AccessDeniedData>({ accessDenied: true, user: user.email, role: user.role, isAdmin: isAdminRole(user.role) }, { status: 403 });

/** An admin (admin or super_admin); anyone else gets 403 Access Denied, a visitor goes to /login. */
export function requireAdmin(args: GuardArgs): SessionUser {
  const user = requireUser(args);
  if (!isAdminRole(user.role)) throw accessDenied(user);
  return user;
}

/**
 * Admin → Discussions (docs/decisions/059): an admin, for every course, or a course's instructor,
 * for the courses they teach only (the inbox rule, `findDiscussionInboxScope`). Anyone else gets
 * the same 403 as requireAdmin gives; a visitor goes to /login.
 */
export async function requireDiscussionStaff(
  args: GuardArgs,
): Promise<{ user: SessionUser; scope: Exclude<DiscussionInboxScope, { kind: "none" }> }> {
  const user = requireUser(args);
  const scope = await findDiscussionInboxScope({ user });
  if (scope.kind === "none") throw accessDenied(user);
  return { user, scope };
}

/** The one admin page an instructor who is not an admin may open. */
export const DISCUSSION_INBOX_PATH = "/admin/discussions";

/**
 * The admin layout's guard: an admin anywhere in the back office; a course's instructor on
 * Admin → Discussions and nowhere else (`inboxOnly`: their menu holds that page alone). Every
 * child loader and action still checks for itself.
 */
export async function requireAdminArea(args: GuardArgs): Promise<{ user: SessionUser; inboxOnly: boolean }> {
  const user = requireUser(args);
  if (isAdminRole(user.role)) return { user, inboxOnly: false };
  if (visibleUrl(args).pathname.replace(/\/$/, "") !== DISCUSSION_INBOX_PATH) throw accessDenied(user);
  await requireDiscussionStaff(args);
  return { user, inboxOnly: true };
}

/**
 * A super_admin, for what a plain admin may not change (the site settings). Anyone else signed in
 * gets the same 403 Access Denied as requireAdmin gives; a visitor goes to /login.
 */
export function requireSuperAdmin(args: GuardArgs): SessionUser {
  const user = requireUser(args);
  if (user.role !== "super_admin") throw accessDenied(user);
  return user;
}
