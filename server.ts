import crypto from "node:crypto";
import path from "node:path";
import zlib from "node:zlib";
import { createRequestHandler } from "@react-router/express";
import { toNodeHandler } from "better-auth/node";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import { pinoHttp } from "pino-http";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { requestInfoContext } from "~/lib/request-context";
import { VIDEO_FRAME_ORIGINS } from "~/lib/video-embed";
import { getAuth } from "~/server/auth/auth.server";
import { CLIENT_IP_HEADER, isLoopbackAddress } from "~/server/auth/client-ip.server";
import { getConfig, type Config } from "~/server/platform/config.server";
import { healthCheck } from "~/server/platform/health.server";
import { closeConnectionsWhenDraining, installGracefulShutdown, onShutdown, SHUTDOWN_DEADLINE_MS } from "~/server/platform/lifecycle.server";
import { startAppWorkers } from "~/server/jobs/jobs.server";
import { stopWorkers } from "~/server/jobs/queue.server";
import { surviveClosedConnectionWrites } from "~/server/db/closed-connection-writes.server";
import { pageCacheMiddleware } from "~/server/page-cache/page-cache-middleware.server";
import { referralMiddleware } from "~/server/affiliates/referral-middleware.server";
import { logger } from "~/server/platform/logger.server";
import { takeRequestUser } from "~/server/platform/request-log.server";
import { databaseOutageGate, outageStatus, requestLogLevel } from "~/server/platform/outage.server";
import { closeRuntime, getOwnerSetupNotice, prepareRuntime, type OwnerSetupNotice } from "~/server/platform/runtime.server";
import { BUCKETS, contentTypeForKey, getStorage, sweepAbandonedWrites, type Bucket } from "~/server/platform/storage.server";
import { makeMissingVariant } from "~/server/image-variants.server";
import { serveLessonVideo } from "~/server/video/lesson-video.server";
import { serveLessonFile } from "~/server/curriculum/lesson-file-route.server";
import { serveLessonCaptions, serveLessonStream } from "~/server/video/lesson-stream-route.server";
import { stripeWebhookRoute } from "~/server/payments/stripe-webhook.server";
import { handleUpload } from "~/server/platform/uploads.server";
import { USER_IMPORT_MAX_BYTES } from "~/lib/user-import";

/**
 * The Express app: security headers, static assets, health check, auth, media and the
 * React Router handler. `npm start` (scripts/start.mjs) runs the built copy of this file;
 * `npm run dev` (scripts/dev.ts) loads it through Vite for hot reload.
 */

declare module "http" {
  interface IncomingMessage {
    nonce?: string;
  }
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/**
 * Signed by the payment provider, not sent by a browser; and the REST API, which a session cookie
 * never authenticates (only an API key in the Authorization header, which a cross-site page cannot
 * make a browser send), so a cross-site request there can do nothing a visitor could not.
 */
const ORIGIN_CHECK_EXEMPT = ["/api/webhooks/", "/api/v1/"];

/**
 * The largest request body the server reads for a form or JSON. The longest legitimate one is a
 * post or course description in markdown, far below this; uploads stream with their own per-kind
 * caps (uploads.server.ts).
 */
export const MAX_BODY_BYTES = 1024 * 1024;
const BODY_LIMIT_EXEMPT = ["/api/uploads/"];
/** Forms that take a larger file than MAX_BODY_BYTES: the CSV import of learners (up to 50 MB, with room for the form around it). */
const LARGER_BODY_LIMITS: [path: string, maxBytes: number][] = [["/admin/users/import", USER_IMPORT_MAX_BYTES + 1024 * 1024]];

function noSniff(_req: Request, res: Response, next: NextFunction) {
  res.setHeader("X-Content-Type-Options", "nosniff");
  next();
}

/** The editor is usually reached by a client-side navigation, which keeps the first admin page's policy: every admin page may frame the site. */
const ADMIN_PATH = /^\/admin(\/|$)/;
const PAGE_PREVIEW_PATH = /^\/admin\/pages\/[^/]+\/preview\/?$/;
/** An address whose last segment has an extension: the only kind the public folder can answer. */
const FILE_NAME = /\.[^/]*$/;

function securityHeaders(config: Config) {
  return (req: Request, res: Response, next: NextFunction) => {
    const nonce = crypto.randomBytes(16).toString("base64");
    req.nonce = nonce;
    const scriptSrc = config.isProduction ? `'self' 'nonce-${nonce}' 'strict-dynamic'` : `'self' 'unsafe-inline' 'unsafe-eval'`;
    const connectSrc = config.isProduction ? "'self'" : "'self' ws: wss:";
    // Admin → Pages frames its draft preview (the site's own page) on the editor; nothing else frames or is framed.
    const adminPage = ADMIN_PATH.test(req.path);
    const pagePreview = PAGE_PREVIEW_PATH.test(req.path);
    res.setHeader(
      "Content-Security-Policy",
      [
        "default-src 'self'",
        `script-src ${scriptSrc}`,
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob: https:",
        "media-src 'self' blob: https:",
        "font-src 'self'",
        `connect-src ${connectSrc}`,
        // hls.js's transmuxing worker, a file of the site's own (app/components/learning/use-hls-stream.ts).
        "worker-src 'self'",
        // Lesson embeds: only the video hosts app/lib/video-embed.ts rebuilds embed URLs for.
        `frame-src ${VIDEO_FRAME_ORIGINS.join(" ")}${adminPage ? " 'self'" : ""}`,
        pagePreview ? "frame-ancestors 'self'" : "frame-ancestors 'none'",
        "base-uri 'self'",
        // A checkout or billing-portal form answers with a redirect to Stripe's own pages.
        `form-action 'self'${config.stripe ? " https://checkout.stripe.com https://billing.stripe.com" : ""}`,
        "object-src 'none'",
      ].join("; "),
    );
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("X-Frame-Options", pagePreview ? "SAMEORIGIN" : "DENY");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), interest-cohort=()");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    if (config.publicUrl.startsWith("https://")) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  };
}

/**
 * Every state-changing request must come from the site itself: browsers send Sec-Fetch-Site
 * and Origin on such requests, and a cross-site form or fetch is refused here, for every
 * action, upload and auth call alike.
 */
export function isSameOriginRequest(
  req: { method: string; headers: Record<string, string | string[] | undefined>; host?: string },
  publicUrl: string,
) {
  if (SAFE_METHODS.has(req.method)) return true;
  const site = req.headers["sec-fetch-site"];
  if (typeof site === "string" && site !== "same-origin") return false;
  const origin = req.headers.origin;
  if (typeof origin !== "string") return true;
  if (origin === "null") return false;
  try {
    const originUrl = new URL(origin);
    return originUrl.origin === new URL(publicUrl).origin || originUrl.host === req.headers.host;
  } catch {
    return false;
  }
}

function originCheck(config: Config) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (ORIGIN_CHECK_EXEMPT.some((prefix) => req.path.startsWith(prefix))) return next();
    if (isSameOriginRequest(req, config.publicUrl)) return next();
    req.log.warn({ origin: req.headers.origin, site: req.headers["sec-fetch-site"] }, "cross-origin request refused");
    res.status(403).type("text/plain").send("Cross-origin requests are not allowed.");
  };
}

/** How long a refused connection stays open, unread, so the client can read the 413 before it is cut. */
const REFUSED_BODY_GRACE_MS = 1000;

/**
 * Answers 413 and cuts the connection instead of reading (or draining) the rest of the body, so a
 * huge body costs neither memory nor bandwidth. The answer is written in full but the response is
 * never ended: ending it would make Node read the rest of the body to reuse the connection, or
 * close a socket with unread data, which sends a TCP reset that can destroy the answer before the
 * client has read it. Nothing more is read; the connection is cut a moment later.
 */
function refuseBody(req: Request, res: Response, status: 411 | 413 = 413) {
  res.locals.bodyRefused = true;
  (req.log ?? logger).warn({ length: req.headers["content-length"], path: req.path, status }, "request body refused");
  const socket = req.socket;
  if (res.headersSent) return socket.destroy();
  const message = status === 413 ? "Request body too large." : "Send the request with a Content-Length.";
  res.writeHead(status, { "Content-Type": "text/plain; charset=utf-8", "Content-Length": Buffer.byteLength(message), Connection: "close" });
  res.write(message);
  const cut = setTimeout(() => socket.destroy(), REFUSED_BODY_GRACE_MS);
  cut.unref();
  socket.once("close", () => clearTimeout(cut));
}

/**
 * Caps every request body at MAX_BODY_BYTES before Better Auth or React Router reads it: a body
 * that declares a larger Content-Length is refused unread; a chunked one is counted as the HTTP
 * parser hands it over and refused once it passes the cap. Better Auth takes declared lengths
 * only (its clients always send one), so it never has a body cut off under it.
 */
export function limitRequestBodies(maxBytes = MAX_BODY_BYTES) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === "GET" || req.method === "HEAD") return next();
    const path = req.path.toLowerCase();
    if (BODY_LIMIT_EXEMPT.some((prefix) => path.startsWith(prefix))) return next();
    // The page's own path, or its `.data` twin that React Router's forms post to.
    const cap = LARGER_BODY_LIMITS.find(([prefix]) => path === prefix || path === `${prefix}.data`)?.[1] ?? maxBytes;
    const declared = req.headers["content-length"];
    if (declared !== undefined) return Number(declared) > cap ? refuseBody(req, res) : next();
    if (req.headers["transfer-encoding"]) {
      if (path.startsWith("/api/auth/")) return refuseBody(req, res, 411);
      // Node's HTTP parser pushes each chunk into the request stream; counting there holds
      // whoever reads the stream later to the cap, without buffering anything here.
      const push = req.push.bind(req);
      let received = 0;
      req.push = (chunk: unknown, encoding?: BufferEncoding) => {
        if (chunk !== null && chunk !== undefined) {
          received += (chunk as Buffer).length;
          if (received > cap) {
            req.push = push;
            refuseBody(req, res);
            return false;
          }
        }
        return push(chunk, encoding);
      };
    }
    next();
  };
}

/**
 * Nothing about a session, a token or an account may be kept by a browser or proxy cache. React
 * Router pages and data of a signed-in user get the same header from the session middleware
 * (app/server/auth/session.server.ts).
 */
function noStore(_req: Request, res: Response, next: NextFunction) {
  res.setHeader("Cache-Control", "no-store");
  next();
}

/** A reverse proxy on this machine forwards requests, but TRUST_PROXY is off: say so once. */
function warnAboutUntrustedLocalProxy(config: Config) {
  let warned = config.trustProxy !== false;
  return (req: Request, _res: Response, next: NextFunction) => {
    if (!warned && req.headers["x-forwarded-for"] && isLoopbackAddress(req.socket.remoteAddress)) {
      warned = true;
      logger.warn(
        "Requests arrive through a local reverse proxy (X-Forwarded-For) but TRUST_PROXY is off: every visitor shares the proxy's address and its per-IP limits. Set TRUST_PROXY=1 (or the proxy's address).",
      );
    }
    next();
  };
}

async function serveMedia(req: Request, res: Response, next: NextFunction) {
  const bucket = req.params.bucket as Bucket;
  const key = (req.params.key as unknown as string[]).join("/");
  // Uploaded lesson videos have no public URL: they are served by /api/lessons/:id/video to
  // viewers allowed to open the lesson.
  // Nor are private files (a person's data export), handed out by their own routes after a check.
  if (!BUCKETS.includes(bucket) || bucket === "course-videos" || bucket === "private") return next();
  try {
    const object = await getStorage().get(bucket, key);
    if (!object) {
      // A cover's smaller copy not made yet (uploaded before copies existed): made now, kept.
      const variant = await makeMissingVariant(bucket, key);
      if (!variant) return next();
      res.type(contentTypeForKey(key)).setHeader("Cache-Control", "public, max-age=31536000, immutable");
      res.send(variant);
      return;
    }
    res.type(object.contentType ?? path.extname(key));
    if (object.size !== undefined) res.setHeader("Content-Length", object.size);
    // Keys carry a timestamp, so a stored object never changes.
    res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
    object.stream.on("error", next).pipe(res);
  } catch (error) {
    next(error);
  }
}

export type CreateAppOptions = {
  config?: Config;
  /** The React Router build; in dev a function that loads the current one. */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Serve build/client from here (production). In dev, Vite serves assets. */
  clientDir?: string;
};

export function createApp({ config = getConfig(), build, clientDir }: CreateAppOptions) {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.trustProxy);

  app.use(
    pinoHttp({
      logger,
      genReqId: (req, res) => {
        const id = (req.headers["x-request-id"] as string | undefined)?.slice(0, 64) || crypto.randomUUID();
        res.setHeader("X-Request-Id", id);
        return id;
      },
      autoLogging: { ignore: (req) => req.url?.startsWith("/assets/") ?? false },
      serializers: {
        req: (req: { id: unknown; method: string; url: string }) => ({ id: req.id, method: req.method, url: req.url }),
        res: (res: { statusCode: number }) => ({ status: res.statusCode }),
      },
      customLogLevel: (_req, res, error) => requestLogLevel(res as Response, error),
      // The signed-in user's id, when the session middleware saw one (never e-mail or token).
      customProps: (req) => {
        const userId = takeRequestUser(req.id);
        return userId ? { userId } : {};
      },
    }),
  );
  app.use(closeConnectionsWhenDraining);
  // Pages rendered per request are compressed at the cheapest levels (issue 44): Brotli quality 4
  // (the package's default) and gzip level 6 cost a signed-in page about a tenth of its CPU, for a
  // few percent fewer bytes. Cached public pages are compressed once, harder, by the page cache.
  app.use(compression({ level: 1, brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } } }));
  // After compression, so a replaced body is compressed (or not) like any other.
  app.use(outageStatus);

  if (clientDir) {
    // Vite's hashed file names change with the content, so they can be cached for ever. They are
    // the build's own scripts, styles and fonts, never a document, so they carry only nosniff:
    // the page policies (CSP, framing, permissions) would add a kilobyte to each of a page's
    // thirty-odd script requests and mean nothing on them (issue 21).
    app.use("/assets", noSniff, express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", index: false }));
  }
  app.use(securityHeaders(config));
  if (clientDir) {
    // The public folder's files (the favicon, the demo images) all have an extension, and no page's
    // address ends in one without being a route of its own (the feed, the sitemap): a page request
    // skips the file system look-up it could never match.
    const publicFiles = express.static(clientDir, { maxAge: "1h", index: false });
    app.use((req, res, next) => (FILE_NAME.test(req.path) ? publicFiles(req, res, next) : next()));
  }

  app.get("/healthz", healthCheck);
  app.use(databaseOutageGate);

  app.use(warnAboutUntrustedLocalProxy(config));
  app.use(limitRequestBodies());
  app.use(originCheck(config));
  app.use(["/api/auth", "/api/uploads"], noStore);
  app.all("/api/auth/{*rest}", (req, res) => {
    // Better Auth's per-IP limits read the client address from this header; set it here, from
    // Express's req.ip (TRUST_PROXY honoured), so a client cannot pick its own.
    req.headers[CLIENT_IP_HEADER] = req.ip ?? "";
    return toNodeHandler(getAuth())(req, res);
  });
  app.get("/media/:bucket/{*key}", serveMedia);
  app.post("/api/uploads/:kind", handleUpload);
  app.get("/api/lessons/:lessonId/video", serveLessonVideo);
  app.get("/api/lessons/:lessonId/stream/{*file}", serveLessonStream);
  app.get("/api/lessons/:lessonId/captions.vtt", serveLessonCaptions);
  app.get("/api/lessons/:lessonId/files/:fileId", serveLessonFile);
  // Signed by Stripe, so exempt from the origin check; read raw (signatures cover the exact bytes),
  // under the same 1 MB cap as every other body.
  app.post("/api/webhooks/stripe", express.raw({ type: () => true, limit: MAX_BODY_BYTES }), stripeWebhookRoute);

  const getLoadContext = (req: Request) => {
    const context = new RouterContextProvider();
    context.set(requestInfoContext, { nonce: req.nonce ?? "", requestId: String(req.id ?? ""), clientIp: req.ip ?? "" });
    return context;
  };
  // Affiliate links are redirects that set the referral cookie, answered before the page cache so
  // no cached page ever carries a cookie (docs/decisions/063-affiliates.md).
  app.use(referralMiddleware);
  // Anonymous visitors' public pages, rendered once and kept (docs/decisions/022-page-cache.md).
  app.use(pageCacheMiddleware({ config, build, getLoadContext }));
  app.all(
    "/{*path}",
    createRequestHandler({
      build: build as never,
      mode: config.isProduction ? "production" : "development",
      getLoadContext,
    }),
  );

  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    // A refused body breaks off whoever was reading it; the 413 has been sent.
    if (res.locals.bodyRefused) return;
    req.log.error({ err: error }, "unhandled error");
    if (res.headersSent) return res.end();
    res.status(500).type("text/plain").send("Something went wrong on our side. Please try again.");
  });
  return app;
}

/**
 * Production entry: prepare the database, listen, and shut down gracefully on SIGTERM/SIGINT.
 * `onListening` hears the URL and, on a first run without an admin, the owner-setup code.
 */
export async function startServer({
  clientDir,
  onListening,
}: {
  clientDir: string;
  onListening?: (info: { url: string; ownerSetup: OwnerSetupNotice | null }) => void;
}) {
  const config = getConfig();
  surviveClosedConnectionWrites(logger, config.databaseUrl);
  for (const warning of config.warnings) logger.warn(warning);
  if (config.isProduction && config.publicUrl.startsWith("https://") && config.trustProxy === false) {
    // An https site on a plain-http process is almost always behind a proxy; without trusting it,
    // every visitor has the proxy's address and per-IP sign-in limits cannot tell them apart.
    logger.warn("PUBLIC_URL is https but TRUST_PROXY is off: behind a reverse proxy, set TRUST_PROXY=1 (or the proxy's address)");
  }
  await prepareRuntime(config);
  // Uploads a crash cut off left their temporary files (never served); in the background.
  void sweepAbandonedWrites().then(
    (removed) => removed.length > 0 && logger.info({ count: removed.length }, "abandoned upload files removed"),
    (error: unknown) => logger.warn({ err: error }, "could not sweep abandoned upload files"),
  );
  // Mail delivery and the schedules (sweeps, purges); off with WORKERS=off, then `npm run worker` runs them.
  if (config.workers.inWebProcess) await startAppWorkers();
  else logger.info("WORKERS=off: this process runs no background jobs");
  const build = (await import("virtual:react-router/server-build")) as unknown as ServerBuild;
  const app = createApp({ config, build, clientDir });
  const server = app.listen(config.port, config.host, () => {
    logger.info({ url: config.publicUrl, host: config.host, port: config.port }, "server listening");
    onListening?.({ url: config.publicUrl, ownerSetup: getOwnerSetupNotice() });
  });
  server.keepAliveTimeout = 65_000;

  // Running jobs get up to WORKER_SHUTDOWN_SECONDS (within the shutdown deadline); a job still
  // running then is retried by a worker after its expiry.
  onShutdown("job workers", () => stopWorkers({ timeoutMs: Math.min(config.workers.shutdownTimeoutMs, SHUTDOWN_DEADLINE_MS - 500) }));
  installGracefulShutdown({ server, closeDatabase: closeRuntime });
  return server;
}

export { getOwnerSetupNotice, prepareRuntime };
