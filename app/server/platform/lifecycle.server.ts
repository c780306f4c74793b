import type { Server } from "node:http";
import net from "node:net";
import type { NextFunction, Request, Response } from "express";
import { logger } from "~/server/platform/logger.server";

/**
 * Graceful shutdown (SIGTERM, SIGINT), in this order:
 * 1. stop accepting connections; every response written from now on carries `Connection: close`,
 *    so a connection that brings one more request is closed after its answer; those still idle
 *    after SHUTDOWN_IDLE_GRACE_MS are closed then;
 * 2. the shutdown hooks start (`onShutdown`: background work finishing its current job, …), while
 *    the requests already accepted — uploads included — run to their end;
 * 3. once both are done, the database is closed and the process exits 0.
 * Whatever is still running after SHUTDOWN_DEADLINE_MS is cut, the database closed, and the
 * process exits 1, inside the 10 s a container platform waits before its SIGKILL.
 * See docs/decisions/017.
 */

export const SHUTDOWN_DEADLINE_MS = 8_500;

/**
 * How long a keep-alive connection that is idle when the signal comes may still bring a request.
 * Closing it at once resets a request its client has just sent on it (the bytes are on their way
 * or unread, so the server counts the connection idle): CI saw three page requests sent a
 * millisecond before SIGTERM fail that way. A client that is idle for this long and sends at the
 * very moment it ends meets the race every keep-alive timeout has.
 */
export const SHUTDOWN_IDLE_GRACE_MS = 1_000;

type ShutdownHook = { name: string; run: () => Promise<void> | void };

const holder = globalThis as typeof globalThis & { __courseSiteShutdown?: { hooks: ShutdownHook[]; draining: boolean } };
const state = (holder.__courseSiteShutdown ??= { hooks: [], draining: false });

/**
 * Registers work to finish before the database closes: `run` is called once when shutdown begins
 * (in parallel with the in-flight requests and the other hooks) and the database stays open until
 * its promise settles or the deadline passes. Returns a function that unregisters it.
 */
export function onShutdown(name: string, run: () => Promise<void> | void) {
  const hook = { name, run };
  state.hooks.push(hook);
  return () => {
    const index = state.hooks.indexOf(hook);
    if (index >= 0) state.hooks.splice(index, 1);
  };
}

/** Express middleware (first in the chain): while shutting down, every response closes its connection. */
export function closeConnectionsWhenDraining(_req: Request, res: Response, next: NextFunction) {
  const writeHead = res.writeHead;
  res.writeHead = function (this: Response, ...args: unknown[]) {
    if (state.draining && !this.headersSent) this.setHeader("Connection", "close");
    return (writeHead as (...args: unknown[]) => Response).apply(this, args);
  } as typeof res.writeHead;
  next();
}

async function runHooks() {
  await Promise.all(
    state.hooks.map(async (hook) => {
      try {
        await hook.run();
      } catch (error) {
        logger.error({ err: error, hook: hook.name }, "shutdown hook failed");
      }
    }),
  );
}

/**
 * Wires SIGTERM and SIGINT to the shutdown above. `closeDatabase` runs last; `exit` is
 * process.exit outside tests.
 */
export function installGracefulShutdown({
  server,
  closeDatabase,
  exit = (code: number) => process.exit(code),
  deadlineMs = SHUTDOWN_DEADLINE_MS,
  idleGraceMs = SHUTDOWN_IDLE_GRACE_MS,
}: {
  server: Server;
  closeDatabase: () => Promise<void>;
  exit?: (code: number) => void;
  deadlineMs?: number;
  idleGraceMs?: number;
}) {
  const shutdown = async (signal: string) => {
    if (state.draining) return;
    state.draining = true;
    const startedAt = Date.now();
    logger.info({ signal }, "shutting down: no new connections; finishing in-flight requests and background work");

    // net.Server's close stops accepting; http.Server's would also close the idle keep-alive
    // connections at once (see SHUTDOWN_IDLE_GRACE_MS).
    const httpDone = new Promise<void>((resolve) => net.Server.prototype.close.call(server, () => resolve()));
    // After the grace, idle connections are closed, and so is any that goes idle later (a long
    // request's connection whose client ignored `Connection: close`).
    let sweep: NodeJS.Timeout | undefined;
    const grace = setTimeout(() => {
      server.closeIdleConnections();
      sweep = setInterval(() => server.closeIdleConnections(), 100);
    }, idleGraceMs);
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<"deadline">((resolve) => {
      timer = setTimeout(() => resolve("deadline"), deadlineMs);
    });
    const outcome = await Promise.race([Promise.all([httpDone, runHooks()]).then(() => "done" as const), deadline]);
    clearTimeout(grace);
    clearInterval(sweep);
    clearTimeout(timer);
    if (outcome === "deadline") {
      logger.warn({ afterMs: Date.now() - startedAt }, "shutdown deadline passed: cutting the remaining connections");
      server.closeAllConnections();
    }
    try {
      await closeDatabase();
    } catch (error) {
      logger.error({ err: error }, "closing the database failed");
    }
    logger.info({ afterMs: Date.now() - startedAt }, "stopped");
    exit(outcome === "done" ? 0 : 1);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
  return { shutdown };
}
