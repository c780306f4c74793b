import type { NextFunction, Request, Response } from "express";
import { logger } from "~/server/platform/logger.server";
import { recordAffiliateVisit } from "./affiliate-referrals.server";

/**
 * Affiliate links, answered before the page cache (docs/decisions/063-affiliates.md): a GET of any
 * page with `?ref=CODE`, or of `/r/CODE` (optionally `?to=/a/page`), is redirected to the same
 * page without `ref` (or to the home page, or the chosen page), with the referral cookie when the
 * code names an approved affiliate. The redirect is never stored; the page it leads to carries no
 * cookie, so the cache keeps serving it.
 */
const SHORT_LINK = /^\/r\/([^/]+)\/?$/;

export function referralMiddleware(req: Request, res: Response, next: NextFunction) {
  if ((req.method !== "GET" && req.method !== "HEAD") || req.path.startsWith("/api/")) return next();
  const url = new URL(req.originalUrl, "http://localhost");
  const short = SHORT_LINK.exec(url.pathname);
  let code: string;
  let target: string;
  if (short) {
    code = decodeURIComponent(short[1]!);
    const to = url.searchParams.get("to") ?? "";
    // Only a path of this site: never "//elsewhere" or "/\elsewhere", which browsers read as another host.
    target = to.startsWith("/") && !to.startsWith("//") && !to.startsWith("/\\") ? to : "/";
  } else if (url.searchParams.has("ref")) {
    code = url.searchParams.get("ref") ?? "";
    url.searchParams.delete("ref");
    target = `${url.pathname}${url.search}`;
  } else {
    return next();
  }
  recordAffiliateVisit({ code, ip: req.ip ?? "", userAgent: req.headers["user-agent"] ?? "" })
    .catch((error: unknown) => {
      logger.error({ err: error }, "could not record an affiliate visit");
      return null;
    })
    .then((visit) => {
      res.setHeader("Cache-Control", "no-store");
      if (visit) res.setHeader("Set-Cookie", visit.cookie);
      res.redirect(302, target);
    })
    .catch(next);
}
