import type { NextFunction, Request, Response } from "express";
import { data } from "react-router";
import { isDatabaseDown, isDatabaseFailing, noteDatabaseFailure, probeDatabase, probeSoon, RETRY_AFTER_SECONDS } from "~/server/db/availability.server";

/**
 * What a visitor gets while the database is down: a 503 with `Retry-After`, at once, as a small
 * HTML page for pages and as JSON for `.data` requests and APIs. See availability.server.ts for
 * when the database counts as down.
 */

export const UNAVAILABLE_MESSAGE = "The site is briefly unavailable. Please try again in a moment.";

function wantsJson(req: Request) {
  return req.path.endsWith(".data") || req.path.startsWith("/api/") || !(req.headers.accept ?? "").includes("text/html");
}

const UNAVAILABLE_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Temporarily unavailable</title></head>
<body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.5">
<main><p>503</p><h1>We will be right back</h1><p>${UNAVAILABLE_MESSAGE}</p></main>
</body></html>`;

export function sendUnavailable(req: Request, res: Response) {
  res.status(503);
  res.setHeader("Retry-After", String(RETRY_AFTER_SECONDS));
  res.setHeader("Cache-Control", "no-store");
  if (wantsJson(req)) res.json({ error: "unavailable", message: UNAVAILABLE_MESSAGE });
  else res.type("html").send(UNAVAILABLE_PAGE);
}

/** Paths answered without the database (uploaded media on disk or S3). */
const NO_DATABASE_PREFIXES = ["/media/"];

/**
 * Express middleware: while the circuit is open, answers 503 before anything reaches the database
 * (and lets a probe run now and then, so the first request after the database is back gets through).
 */
export function databaseOutageGate(req: Request, res: Response, next: NextFunction) {
  if (!isDatabaseDown() || NO_DATABASE_PREFIXES.some((prefix) => req.path.startsWith(prefix))) return next();
  probeSoon();
  req.log?.warn({ path: req.path }, "refused while the database is down");
  sendUnavailable(req, res);
}

/**
 * Express middleware: a 5xx written while the database is down becomes a 503 with `Retry-After`
 * (a loader or Better Auth that failed on a lost connection answers 500 otherwise, and a 503
 * thrown by a route carries no Retry-After); for `.data` requests and APIs its body is replaced by
 * the JSON answer. Any other 500 has the circuit probe the database, so an outage first seen there
 * is noticed at once.
 */
export function outageStatus(req: Request, res: Response, next: NextFunction) {
  const writeHead = res.writeHead;
  res.writeHead = function (this: Response, statusCode: number, ...rest: unknown[]) {
    if (statusCode >= 500 && !this.headersSent) {
      if (isDatabaseFailing()) {
        statusCode = 503;
        this.statusCode = 503;
        this.setHeader("Retry-After", String(RETRY_AFTER_SECONDS));
        this.setHeader("Cache-Control", "no-store");
      } else if (statusCode !== 503) {
        void probeDatabase();
      }
      // Every 503 of this app means "try again shortly".
      if (statusCode === 503 && !this.getHeader("retry-after")) this.setHeader("Retry-After", String(RETRY_AFTER_SECONDS));
    }
    return (writeHead as (...args: unknown[]) => Response).call(this, statusCode, ...rest);
  } as typeof res.writeHead;

  // A `.data` or API answer that is not JSON already gets the JSON one in place of its body.
  let replaced = false;
  const replaces = () => {
    if (replaced) return true;
    if (res.headersSent || res.statusCode < 500 || !isDatabaseFailing() || !wantsJson(req)) return false;
    if (String(res.getHeader("content-type") ?? "").includes("application/json")) return false;
    replaced = true;
    return true;
  };
  const write = res.write.bind(res);
  const end = res.end.bind(res);
  const body = JSON.stringify({ error: "unavailable", message: UNAVAILABLE_MESSAGE });
  const sendJson = (callback?: () => void) => {
    res.status(503);
    for (const name of ["content-encoding", "content-length", "transfer-encoding"]) res.removeHeader(name);
    res.setHeader("Content-Type", "application/json; charset=utf-8");
    res.setHeader("Content-Length", Buffer.byteLength(body));
    end(body, callback);
  };
  res.write = ((...args: unknown[]) => {
    if (!replaces()) return (write as (...args: unknown[]) => boolean)(...args);
    if (!res.headersSent) sendJson();
    return true;
  }) as typeof res.write;
  res.end = ((...args: unknown[]) => {
    if (!replaces()) return (end as (...args: unknown[]) => Response)(...args);
    const callback = args.find((arg) => typeof arg === "function") as (() => void) | undefined;
    if (!res.headersSent) sendJson(callback);
    else callback?.();
    return res;
  }) as typeof res.end;
  next();
}

/**
 * For React Router middleware and loaders: a database call that failed because the database is
 * gone becomes a thrown 503 (rendered by the root ErrorBoundary, or sent as a `.data` error), so a
 * page never shows made-up defaults instead. Anything else is rethrown as it is.
 */
export function rethrowAsUnavailable(error: unknown): never {
  if (noteDatabaseFailure(error)) {
    throw data({ message: UNAVAILABLE_MESSAGE }, { status: 503, statusText: "Service Unavailable", headers: { "Retry-After": String(RETRY_AFTER_SECONDS) } });
  }
  throw error;
}

/**
 * The level of a request's log line: errors for 5xx (a 503 while the database is down is a warning,
 * the outage itself is logged once), warnings for 4xx. A refused body is logged where it is refused.
 */
export function requestLogLevel(res: { statusCode: number; locals?: Record<string, unknown> }, error?: unknown) {
  if (res.statusCode === 503) return "warn" as const;
  if ((error && !res.locals?.bodyRefused) || res.statusCode >= 500) return "error" as const;
  return res.statusCode >= 400 ? ("warn" as const) : ("info" as const);
}
