import type { Logger } from "pino";
import { noteDatabaseFailure } from "./availability.server";

const CLOSED_CONNECTION_WRITE = /postgres[\\/]src[\\/]connection\.js/;
let installed = false;

type NetworkError = Error & { syscall?: string; port?: number };

/** A connection attempt to the database itself that failed (refused while it restarts), thrown from a socket nobody listens on. */
function isDatabaseConnectError(error: NetworkError, databasePort: number | undefined) {
  return databasePort !== undefined && error.syscall === "connect" && error.port === databasePort;
}

/**
 * postgres.js can throw from a timer when a connection closes while a write is still queued on it
 * ("Cannot read properties of null (reading 'write')" in its connection.js), and the reconnection
 * that follows can throw its refused connect from a socket with no listener: both seen with the job
 * queue polling while PostgreSQL restarts. The error belongs to a connection that is already gone,
 * whose queries have already failed; the process is fine. It is logged and the process goes on.
 * Any other uncaught exception still ends the process, as Node's default does. Installed by the
 * server and worker processes only (a test runner keeps its own handler).
 *
 * Likewise a promise nobody waits for that fails because the database is unreachable: pg-boss
 * marks a finished job complete (or failed) without waiting for the answer, so a job that ends
 * as PostgreSQL stops leaves a rejected promise behind. The job stays active and is retried after
 * its expiry, as if its worker had died; the circuit hears of the failure. Any other unhandled
 * rejection still ends the process.
 */
export function surviveClosedConnectionWrites(log: Logger, databaseUrl: string | undefined) {
  if (installed) return;
  installed = true;
  const databasePort = databaseUrl ? Number(new URL(databaseUrl).port || 5432) : undefined;
  process.on("uncaughtException", (error: NetworkError) => {
    if ((error instanceof TypeError && CLOSED_CONNECTION_WRITE.test(error.stack ?? "")) || isDatabaseConnectError(error, databasePort)) {
      log.error({ err: error }, "the database driver wrote to a closed connection; that connection is dropped");
      return;
    }
    log.fatal({ err: error }, "uncaught exception");
    console.error(error);
    process.exit(1);
  });
  process.on("unhandledRejection", (reason) => {
    if (noteDatabaseFailure(reason)) {
      log.error({ err: reason }, "a database call nobody waited for failed while the database is unreachable");
      return;
    }
    // As Node does without this handler: the rejection becomes an uncaught exception (above).
    throw reason;
  });
}
