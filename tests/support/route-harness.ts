import { RouterContextProvider } from "react-router";
import { requestInfoContext } from "~/lib/request-context";
import { sessionUserContext, type SessionUser } from "~/server/auth/session.server";
import { readToast } from "~/server/toast.server";
import { unique } from "./test-database";

/**
 * Calls route loaders and actions the way the server does, without a server: the same context
 * values, a real Request, and whatever the route throws turned into what the browser would get.
 */

const ORIGIN = "http://localhost:3000";

/** A signed-in user as the session middleware reads it; unique id and email unless given. */
export function sessionUser({ role = "user", ...fields }: Partial<SessionUser> = {}): SessionUser {
  const id = fields.id ?? unique(role);
  return {
    id,
    email: `${id}@example.test`,
    name: `Test ${role}`,
    image: null,
    role,
    emailVerified: true,
    createdAt: new Date(),
    ...fields,
  };
}

export type RouteContextOptions = {
  /** The signed-in user, or null for a visitor. */
  user?: SessionUser | null;
  clientIp?: string;
};

/**
 * The context a loader sees: the request info server.ts's getLoadContext sets, then the
 * session user app/root.tsx's sessionMiddleware sets.
 */
export function routeContext({ user = null, clientIp = "203.0.113.1" }: RouteContextOptions = {}) {
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { nonce: "", requestId: "test", clientIp });
  context.set(sessionUserContext, user);
  return context;
}

export type RouteCall = RouteContextOptions & {
  /** Path and query, e.g. "/admin/blog?q=x". */
  path: string;
  params?: Record<string, string>;
  headers?: HeadersInit;
};

export type ActionCall = RouteCall & {
  /** Sent as a url-encoded POST body, as a plain HTML form would; as multipart when it holds a file. */
  form?: Record<string, string | File>;
};

function routeArgs({ params = {}, user, clientIp }: RouteCall, request: Request) {
  return { request, url: new URL(request.url), params, context: routeContext({ user, clientIp }) };
}

export function loaderArgs(call: RouteCall) {
  return routeArgs(call, new Request(`${ORIGIN}${call.path}`, { headers: call.headers }));
}

export function actionArgs(call: ActionCall) {
  const entries = Object.entries(call.form ?? {});
  let body: URLSearchParams | FormData;
  if (entries.some(([, value]) => value instanceof File)) {
    body = new FormData();
    for (const [name, value] of entries) body.append(name, value);
  } else {
    body = new URLSearchParams(entries as [string, string][]);
  }
  return routeArgs(call, new Request(`${ORIGIN}${call.path}`, { method: "POST", headers: call.headers, body }));
}

// A route's own argument type (Route.LoaderArgs) is generated per route; every one accepts these.
type Handler = (args: never) => unknown;

/** Runs a route module's loader; a synchronous throw becomes a rejection, as the router sees it. */
export async function callLoader<M extends { loader: Handler }>(module: M, call: RouteCall): Promise<Awaited<ReturnType<M["loader"]>>> {
  return (await (module.loader as (args: unknown) => unknown)(loaderArgs(call))) as Awaited<ReturnType<M["loader"]>>;
}

/** Runs a route module's action with a POSTed form. */
export async function callAction<M extends { action: Handler }>(module: M, call: ActionCall): Promise<Awaited<ReturnType<M["action"]>>> {
  return (await (module.action as (args: unknown) => unknown)(actionArgs(call))) as Awaited<ReturnType<M["action"]>>;
}

/** What a route threw, as the browser would get it: a redirect, or a `data()` error such as 403 or 404. */
export type ThrownResponse = { status: number; location: string | null; headers: Headers; data: unknown };

function asThrownResponse(error: unknown): ThrownResponse {
  if (error instanceof Response) {
    return { status: error.status, location: error.headers.get("Location"), headers: error.headers, data: undefined };
  }
  // data(value, { status }) throws a DataWithResponseInit: { type, data, init }.
  const thrown = error as { type?: string; data?: unknown; init?: ResponseInit | null };
  if (thrown?.type === "DataWithResponseInit") {
    const headers = new Headers(thrown.init?.headers);
    return { status: thrown.init?.status ?? 200, location: headers.get("Location"), headers, data: thrown.data };
  }
  throw error;
}

/**
 * The response a loader, action or guard threw. Fails if it returned instead, and rethrows
 * anything that is not a response (a bug, not an answer).
 */
export async function thrownResponse(run: Promise<unknown> | (() => unknown)): Promise<ThrownResponse> {
  let value: unknown;
  try {
    value = await (typeof run === "function" ? run() : run);
  } catch (error) {
    return asThrownResponse(error);
  }
  throw new Error(`expected a thrown response, but the call returned ${JSON.stringify(value)?.slice(0, 200)}`);
}

/** The toast a redirect carries to the next page, read back the way the root loader reads it. */
export async function toastAfter(response: Response) {
  const cookie = response.headers.get("Set-Cookie")?.split(";")[0] ?? "";
  return (await readToast(new Request(`${ORIGIN}/`, { headers: { cookie } }))).toast;
}
