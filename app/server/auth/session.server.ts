import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { type Role } from "~/lib/domain-values";
import { normalizeRole } from "~/lib/roles";
import { requestInfoContext } from "~/lib/request-context";
import { rethrowAsUnavailable } from "~/server/platform/outage.server";
import { noteRequestUser } from "~/server/platform/request-log.server";
import { logger } from "~/server/platform/logger.server";
import { noteUserSeen } from "~/server/users/last-seen.server";
import { getAuth } from "./auth.server";
import { findSessionByCookie } from "./session-read.server";

export type SessionUser = {
  id: string;
  email: string;
  name: string;
  image: string | null;
  role: Role;
  emailVerified: boolean;
  createdAt: Date;
  /** The current session's id, e.g. to mark "this device" in the account's session list. */
  sessionId?: string;
  /**
   * Their unread discussion notifications as the session was read (the header's bell), when the
   * session was read by the page's own query; absent when Better Auth read it.
   */
  unreadNotifications?: number;
};

/** The signed-in user of this request, read once by the root middleware. */
export const sessionUserContext = createContext<SessionUser | null>(null);

/**
 * The signed-in user a request's session cookie names: one prepared query (session-read.server.ts,
 * docs/decisions/068), or Better Auth's own `getSession` for a session to extend or delete.
 */
export async function readSessionUser(request: Request): Promise<SessionUser | null> {
  const cookieHeader = request.headers.get("cookie");
  if (!cookieHeader?.includes("session_token")) return null;
  const read = await findSessionByCookie({ cookieHeader });
  if (read.kind === "none") return null;
  if (read.kind === "found") {
    const { row } = read;
    return {
      id: row.id,
      email: row.email,
      name: row.name,
      image: row.image,
      role: normalizeRole(row.role),
      emailVerified: row.emailVerified,
      createdAt: row.createdAt,
      sessionId: row.sessionId,
      unreadNotifications: row.unreadNotifications,
    };
  }
  const session = await getAuth().api.getSession({ headers: request.headers });
  if (!session) return null;
  const { user } = session;
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    image: user.image ?? null,
    role: normalizeRole((user as { role?: string }).role),
    emailVerified: user.emailVerified,
    createdAt: user.createdAt,
    sessionId: session.session.id,
  };
}

/**
 * Reads the session once per request. Every response to a signed-in user — pages, `.data`
 * requests and resource routes alike — is marked `no-store`, so no browser or proxy cache keeps
 * an account page, an admin screen or a list of two-factor backup codes.
 */
export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const user = await readSessionUser(request).catch(rethrowAsUnavailable);
  context.set(sessionUserContext, user);
  if (!user) return;
  noteRequestUser(requestIdOf(context), user.id);
  // "Last seen" moves while they are active; a failed write never fails their request.
  await noteUserSeen({ userId: user.id }).catch((error: unknown) => logger.warn({ err: error, userId: user.id }, "last seen not recorded"));
  return withNoStore(await next());
};

function withNoStore(response: Response) {
  try {
    response.headers.set("Cache-Control", "no-store");
    return response;
  } catch {
    // Some responses (Response.redirect, fetched ones) have immutable headers.
    const copy = new Response(response.body, response);
    copy.headers.set("Cache-Control", "no-store");
    return copy;
  }
}

/** The request's id from server.ts's load context (absent where a test calls a route directly). */
function requestIdOf(context: Readonly<RouterContextProvider>) {
  try {
    return context.get(requestInfoContext).requestId;
  } catch {
    return undefined;
  }
}
