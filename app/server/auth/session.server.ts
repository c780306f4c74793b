import { createContext, type MiddlewareFunction } from "react-router";
import { type Role } from "~/lib/domain-values";
import { normalizeRole } from "~/lib/roles";
import { getAuth } from "./auth.server";

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
};

/** The signed-in user of this request, read once by the root middleware. */
export const sessionUserContext = createContext<SessionUser | null>(null);

export async function readSessionUser(request: Request): Promise<SessionUser | null> {
  if (!request.headers.get("cookie")?.includes("session_token")) return null;
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

export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }) => {
  context.set(sessionUserContext, await readSessionUser(request));
};
