import crypto from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { NextFunction, Request, Response } from "express";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import type { Config } from "~/server/platform/config.server";
import { getDatabaseHandle, type DatabaseHandle } from "~/server/db/client.server";
import { logger } from "~/server/platform/logger.server";
import { recordCachedPostView } from "~/server/posts/public-posts.server";
import { PageCache, type CachedPage } from "./page-cache.server";
import { recordCachedCourseView } from "~/server/analytics/course-views.server";
import { blogPostSlug, coursePageSlug, isPublicPage } from "./public-pages";
import { cookiesBesidesReferral } from "~/server/affiliates/affiliate-referrals.server";
import { inlineScriptHashes, withoutNonce } from "./script-hashes.server";

/**
 * Anonymous visitors' public pages from the page cache (docs/decisions/022-page-cache.md).
 * Sits in front of React Router: a GET or HEAD of a public page (public-pages.ts) with no cookie
 * and no Authorization header is answered from the cache, or rendered once and kept if the answer
 * is a 200 that sets no cookie and is not marked private. Everything else goes to React Router
 * untouched. The cache empties whole on every committed content write, on every instance
 * (DatabaseHandle.listenForContentChanges).
 */

/** What a CDN and a browser may do with a cached page: a CDN keeps it a minute and may serve it stale while it refetches; a browser asks again every time (and gets a 304). */
export const PUBLIC_PAGE_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";
/** How long a page stays without a write: counts of learners and views, which are not content writes, catch up within it. */
const PAGE_TTL_MS = 5 * 60_000;
/** Headers of a render that are the cache's to set, or the response's own, never stored. */
const OWN_HEADERS = new Set([
  "cache-control",
  "etag",
  "vary",
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "date",
  "set-cookie",
  "content-security-policy",
  "x-request-id",
]);

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

export type PageCacheOptions = {
  config: Config;
  build: ServerBuild | (() => Promise<ServerBuild>);
  getLoadContext: (req: Request) => RouterContextProvider;
};

type Handler = (req: Request, res: Response, next: NextFunction) => void;

export function pageCacheMiddleware({ config, build, getLoadContext }: PageCacheOptions): Handler {
  // In development every edit changes the pages; the cache would only hide it.
  if (config.pageCacheMaxBytes === 0 || config.env === "development") return (_req, _res, next) => next();
  const cache = new PageCache({ maxBytes: config.pageCacheMaxBytes, ttlMs: PAGE_TTL_MS });
  const render = createRequestHandler(build as ServerBuild, config.isProduction ? "production" : "development");
  const listening = listenerFor(cache);

  return async (req, res, next) => {
    if (!isCacheableRequest(req)) {
      if (isPublicPage(req.path)) res.setHeader("X-Page-Cache", "pass");
      return next();
    }
    try {
      if (!(await listening())) return next();
      const url = requestUrl(req);
      const key = url.href;
      const cached = cache.get(key);
      if (cached) {
        countView(req);
        return sendPage(req, res, cached, "hit");
      }
      const pending = cache.rendering(key);
      if (pending) {
        const page = await pending;
        if (page) return sendPage(req, res, page, "hit");
        return next();
      }

      const generation = cache.generation;
      const done = cache.startRendering(key);
      let page: CachedPage | null = null;
      try {
        const nonce = req.nonce ?? "";
        const response = await render(new Request(url, { method: "GET", headers: requestHeaders(req) }), getLoadContext(req));
        const body = Buffer.from(await response.arrayBuffer());
        page = await cacheablePage(response, body, nonce);
        if (!page) return sendRendered(req, res, response, body);
        const kept = cache.store(key, page, generation);
        return sendPage(req, res, page, kept ? "miss" : "pass");
      } finally {
        done(page);
      }
    } catch (error) {
      next(error);
    }
  };
}

/**
 * Only an anonymous visitor's GET of a public page: no cookie but an affiliate's referral (which no
 * page reads; only checkout does), no bearer token.
 */
function isCacheableRequest(req: Request) {
  return (
    (req.method === "GET" || req.method === "HEAD") &&
    !cookiesBesidesReferral(req.headers.cookie) &&
    !req.headers.authorization &&
    isPublicPage(req.path)
  );
}

/**
 * Subscribes the cache to content changes of the database in use (once per database handle; a
 * test swaps handles), emptying it first. Answers false while that is impossible: then the
 * request is rendered as if there were no cache.
 */
function listenerFor(cache: PageCache) {
  let handle: DatabaseHandle | undefined;
  let subscribed: Promise<boolean> | undefined;
  return () => {
    let current: DatabaseHandle;
    try {
      current = getDatabaseHandle();
    } catch {
      return Promise.resolve(false);
    }
    if (current !== handle || !subscribed) {
      handle = current;
      cache.clear();
      subscribed = current
        .listenForContentChanges(() => cache.clear())
        .then(
          () => true,
          (error: unknown) => {
            logger.error({ err: error }, "page cache: cannot listen for content changes; pages are rendered uncached");
            subscribed = undefined;
            return false;
          },
        );
    }
    return subscribed;
  };
}

/** The URL React Router would see (as @react-router/express builds it); its href is the cache key. */
function requestUrl(req: Request) {
  const forwarded = req.app.enabled("trust proxy") ? req.get("X-Forwarded-Host")?.split(":")[1] : undefined;
  const port = Number.parseInt(forwarded ?? req.get("host")?.split(":")[1] ?? "", 10);
  const hostname = req.hostname.split(/[\\/?#@]/)[0] || "localhost";
  return new URL(`${req.protocol}://${hostname}${Number.isSafeInteger(port) ? `:${port}` : ""}${req.originalUrl}`);
}

function requestHeaders(req: Request) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    // A kept page is everyone's: the only cookie a cacheable request may carry (a referral) is not passed on.
    if (name === "cookie") continue;
    if (typeof value === "string") headers.set(name, value);
    else if (Array.isArray(value)) for (const item of value) headers.append(name, item);
  }
  return headers;
}

/** The page to keep, or null: only a 200 that sets no cookie and is not marked private or no-store. */
async function cacheablePage(response: globalThis.Response, body: Buffer, nonce: string): Promise<CachedPage | null> {
  if (response.status !== 200 || response.headers.has("set-cookie")) return null;
  if (/no-store|private/i.test(response.headers.get("cache-control") ?? "")) return null;
  const isHtml = (response.headers.get("content-type") ?? "").startsWith("text/html");
  let stored = body;
  let scriptSources: string[] | null = null;
  if (isHtml) {
    const html = withoutNonce(body.toString("utf8"), nonce);
    if (html === null) return null;
    stored = Buffer.from(html, "utf8");
    scriptSources = inlineScriptHashes(html);
  }
  const [gzipped, brotlied] = await Promise.all([
    gzip(stored, { level: 9 }),
    brotli(stored, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: stored.length } }),
  ]);
  const headers: [string, string][] = [];
  response.headers.forEach((value, name) => {
    if (!OWN_HEADERS.has(name)) headers.push([name, value]);
  });
  const etag = `W/"${crypto.createHash("sha256").update(stored).digest("base64url").slice(0, 27)}"`;
  return { headers, body: stored, gzip: gzipped, br: brotlied, etag, scriptSources };
}

function sendPage(req: Request, res: Response, page: CachedPage, state: "hit" | "miss" | "pass") {
  for (const [name, value] of page.headers) res.setHeader(name, value);
  res.setHeader("Cache-Control", PUBLIC_PAGE_CACHE_CONTROL);
  res.setHeader("Vary", "Accept-Encoding, Cookie");
  res.setHeader("ETag", page.etag);
  res.setHeader("X-Page-Cache", state);
  replaceNonce(req, res, page.scriptSources);
  if (etagMatches(req.headers["if-none-match"], page.etag)) {
    res.status(304).end();
    return;
  }
  const encoding = chooseEncoding(req.headers["accept-encoding"]);
  const body = encoding === "br" ? page.br : encoding === "gzip" ? page.gzip : page.body;
  if (encoding) res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.length);
  res.status(200);
  if (req.method === "HEAD") res.end();
  else res.end(body);
}

/** The response's CSP names this request's nonce; a cached page carries no nonce, so its scripts are allowed by hash. */
function replaceNonce(req: Request, res: Response, scriptSources: string[] | null) {
  const policy = res.getHeader("Content-Security-Policy");
  if (typeof policy !== "string" || !req.nonce) return;
  res.setHeader(
    "Content-Security-Policy",
    policy.replace(` 'nonce-${req.nonce}'`, scriptSources?.length ? ` ${scriptSources.join(" ")}` : ""),
  );
}

/** A render not to keep (a 404, a redirect, one that sets a cookie), sent as React Router made it. */
function sendRendered(req: Request, res: Response, response: globalThis.Response, body: Buffer) {
  res.statusMessage = response.statusText;
  res.status(response.status);
  res.setHeader("X-Page-Cache", "pass");
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") res.setHeader(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader("Set-Cookie", cookies);
  if (req.method === "HEAD") res.end();
  else res.end(body);
}

function etagMatches(ifNoneMatch: string | undefined, etag: string) {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((candidate) => {
    const tag = candidate.trim();
    return tag === "*" || tag.replace(/^W\//, "") === bare;
  });
}

/** br, then gzip, when the client accepts it (q=0 refuses); else the plain body. */
function chooseEncoding(acceptEncoding: string | undefined): "br" | "gzip" | null {
  if (!acceptEncoding) return null;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
    if (q && Number(q.slice(2)) === 0) continue;
    accepted.add(name);
  }
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip") || accepted.has("*")) return "gzip";
  return null;
}

/** A cached post or course page did not run its loader, so its view is counted here, as the loader would. */
function countView(req: Request) {
  const visit = { ip: req.ip ?? "", userAgent: req.headers["user-agent"] ?? "" };
  const slug = blogPostSlug(req.path);
  if (slug)
    recordCachedPostView({ slug, ...visit }).catch((error: unknown) => {
      logger.error({ err: error, slug }, "could not count a post view");
    });
  const courseSlug = coursePageSlug(req.path);
  if (courseSlug)
    recordCachedCourseView({ slug: courseSlug, ...visit }).catch((error: unknown) => {
      logger.error({ err: error, slug: courseSlug }, "could not count a course-page view");
    });
}
