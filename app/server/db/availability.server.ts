import { logger } from "~/server/platform/logger.server";

/**
 * Whether the database can be reached, as this process last saw it: a small circuit breaker.
 *
 * When a query fails because the server is gone (refused or reset connections, "terminating
 * connection due to administrator command", a connect timeout), the circuit opens: every request
 * that needs the database is answered 503 at once (server.ts, `databaseOutageGate`) instead of
 * queueing on a pool that cannot connect. While it is open, at most one probe (`select 1`, with a
 * short timeout) runs at a time, a few times a second; the first one that answers closes it again,
 * so the site recovers by itself when the database is back. See docs/decisions/017.
 */

/** SQLSTATEs and driver codes that mean "the database is not there", not "this query is wrong". */
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "CONNECT_TIMEOUT",
  "DATABASE_PROBE_TIMEOUT",
  // admin_shutdown, crash_shutdown, cannot_connect_now, too_many_connections
  "57P01",
  "57P02",
  "57P03",
  "53300",
]);

/** Follows `cause` (Drizzle wraps the driver's error) and answers whether any link is a connection failure. */
export function isDatabaseUnavailableError(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === "object" && depth < 6; depth++) {
    if (current instanceof DatabaseUnavailableError) return true;
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && (UNAVAILABLE_CODES.has(code) || code.startsWith("08"))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Thrown where a request needs the database while the circuit is open. */
export class DatabaseUnavailableError extends Error {
  constructor(cause?: unknown) {
    super("The database is unavailable", { cause });
    this.name = "DatabaseUnavailableError";
  }
}

/** Seconds a client is asked to wait (`Retry-After`) while the database is down. */
export const RETRY_AFTER_SECONDS = 5;
/** How long one probe may take before it counts as a failure. */
const PROBE_TIMEOUT_MS = 1_000;
/** The least time between two probes while the circuit is open. */
const PROBE_INTERVAL_MS = 250;

/** After the database came back, a lost connection first gets a probe instead of reopening the circuit. */
const RECOVERY_GRACE_MS = 2_000;

type State = {
  upSince: number;
  lastFailureAt: number;
  downSince: number | null;
  lastError: string | null;
  probing: Promise<boolean> | null;
  lastProbeAt: number;
  ping: (() => Promise<void>) | null;
};

const holder = globalThis as typeof globalThis & { __courseSiteDbAvailability?: State };
const state: State = (holder.__courseSiteDbAvailability ??= { upSince: 0, lastFailureAt: 0, downSince: null, lastError: null, probing: null, lastProbeAt: 0, ping: null });

/** The function a probe calls (the open database's `select 1`); set when the database is opened. */
export function setAvailabilityProbe(ping: (() => Promise<void>) | null) {
  state.ping = ping;
  state.downSince = null;
  state.lastError = null;
}

/** True while the circuit is open: the last contact with the database failed and no probe has answered since. */
export function isDatabaseDown() {
  return state.downSince !== null;
}

/** True while the circuit is open or a lost connection was seen in the last second (a 5xx then is the outage's). */
export function isDatabaseFailing() {
  return state.downSince !== null || Date.now() - state.lastFailureAt < 1_000;
}

function describe(error: unknown) {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const code = (error as { code?: string }).code ?? cause?.code;
  return code ? String(code) : error instanceof Error ? error.message : String(error);
}

/**
 * Tells the circuit about a failed database call. Only connection failures open it; the first one
 * is logged (once per outage), the rest are counted silently. Returns whether it was one.
 */
export function noteDatabaseFailure(error: unknown): boolean {
  if (!isDatabaseUnavailableError(error)) return false;
  state.lastFailureAt = Date.now();
  if (state.downSince === null && Date.now() - state.upSince < RECOVERY_GRACE_MS) {
    // Connections opened while the server was still starting fail for a moment after it is back;
    // only a failed probe reopens the circuit then.
    void probeDatabase();
    return true;
  }
  if (state.downSince === null) {
    state.downSince = Date.now();
    state.lastError = describe(error);
    logger.error({ err: error }, "database unreachable: answering 503 until it is back");
  }
  return true;
}

function markUp() {
  if (state.downSince === null) return;
  logger.info({ downForMs: Date.now() - state.downSince }, "database reachable again");
  state.upSince = Date.now();
  state.downSince = null;
  state.lastError = null;
}

/** `select 1` with a deadline: a server that accepts but never answers counts as down too. */
async function pingWithTimeout(ping: () => Promise<void>, timeoutMs: number) {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error("database probe timed out"), { code: "DATABASE_PROBE_TIMEOUT" })), timeoutMs);
  });
  try {
    await Promise.race([ping(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Checks the database now (one probe at a time; callers share it) and updates the circuit.
 * Resolves true when it answered. Never throws.
 */
export function probeDatabase({ timeoutMs = PROBE_TIMEOUT_MS } = {}): Promise<boolean> {
  if (state.probing) return state.probing;
  const ping = state.ping;
  if (!ping) return Promise.resolve(false);
  state.lastProbeAt = Date.now();
  state.probing = pingWithTimeout(ping, timeoutMs)
    .then(() => {
      markUp();
      return true;
    })
    .catch((error: unknown) => {
      if (state.downSince === null) {
        state.downSince = Date.now();
        state.lastError = describe(error);
        logger.error({ err: error }, "database unreachable: answering 503 until it is back");
      } else {
        state.lastError = describe(error);
      }
      return false;
    })
    .finally(() => {
      state.probing = null;
    });
  return state.probing;
}

/** While the circuit is open, starts a probe if none ran lately (called by each refused request). */
export function probeSoon() {
  if (state.downSince !== null && !state.probing && Date.now() - state.lastProbeAt >= PROBE_INTERVAL_MS) void probeDatabase();
}
