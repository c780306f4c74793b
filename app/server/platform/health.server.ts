import fsp from "node:fs/promises";
import type { Request, Response } from "express";
import { getConfig } from "~/server/platform/config.server";
import { isDatabaseDown, probeDatabase, RETRY_AFTER_SECONDS } from "~/server/db/availability.server";
import { logger } from "~/server/platform/logger.server";
import { queueBacklog } from "~/server/jobs/queue.server";
import { checkMailTransport } from "~/server/mail/transport.server";
import { getStorage } from "~/server/platform/storage.server";

/**
 * GET /healthz: the database, the upload storage and the mail transport, each checked on its own
 * and reported separately. 503 when the site cannot serve (database or storage unreachable); 200
 * with `status: "degraded"` when only mail is down (pages work, mails wait). Each answer is cached
 * for a few seconds (mail longer: checking it opens an SMTP connection), so a load balancer polling
 * every second costs next to nothing. While the database circuit is open (a query failed on a lost
 * connection) the database is reported down at once, without waiting for the cache.
 */

type Component = "ok" | "unreachable";
type Check = { at: number; result: Promise<Component> };

const CACHE_MS = { database: 2_000, storage: 5_000, mail: 30_000 };
const CHECK_TIMEOUT_MS = 2_000;
const cache = new Map<keyof typeof CACHE_MS, Check>();

function withTimeout(work: Promise<unknown>, ms = CHECK_TIMEOUT_MS) {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    work,
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

function cached(name: keyof typeof CACHE_MS, check: () => Promise<unknown>): Promise<Component> {
  const hit = cache.get(name);
  if (hit && Date.now() - hit.at < CACHE_MS[name]) return hit.result;
  const result = withTimeout(check()).then(
    (): Component => "ok",
    (error: unknown): Component => {
      logger.warn({ err: error, component: name }, "health check: unreachable");
      return "unreachable";
    },
  );
  cache.set(name, { at: Date.now(), result });
  return result;
}

async function checkDatabase(): Promise<Component> {
  if (isDatabaseDown()) {
    // Let the check itself be the probe that notices the database is back.
    void probeDatabase();
    cache.delete("database");
    return "unreachable";
  }
  return cached("database", async () => {
    if (!(await probeDatabase())) throw new Error("database probe failed");
  });
}

async function checkStorage() {
  const storage = getConfig().storage;
  if (storage.kind === "local") {
    await fsp.mkdir(storage.root, { recursive: true });
    await fsp.access(storage.root, fsp.constants.W_OK);
    return;
  }
  // One ListObjects call: reaches the bucket with the app's credentials without reading anything.
  for await (const _object of getStorage().list("media", "healthz/")) break;
}

/** Forgets the cached answers (tests). */
export function resetHealthCache() {
  cache.clear();
}

export async function healthCheck(_req: Request, res: Response) {
  const [database, storage, mail] = await Promise.all([
    checkDatabase(),
    cached("storage", checkStorage),
    cached("mail", checkMailTransport),
  ]);
  const serving = database === "ok" && storage === "ok";
  res.setHeader("Cache-Control", "no-store");
  if (!serving) res.setHeader("Retry-After", String(RETRY_AFTER_SECONDS));
  // The job queue's backlog: jobs due and not started, and how long the oldest has waited.
  // Left out when the database (or the query) does not answer.
  const queue =
    database === "ok" ? ((await withTimeout(queueBacklog()).catch(() => null)) as Awaited<ReturnType<typeof queueBacklog>> | null) : null;
  res
    .status(serving ? 200 : 503)
    .json({ status: serving ? (mail === "ok" ? "ok" : "degraded") : "unavailable", database, storage, mail, ...(queue ? { queue } : {}) });
}
