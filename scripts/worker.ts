// `npm run worker`: the background jobs (mail delivery, schedules) without the web server, for a
// school that runs web processes with WORKERS=off and workers apart, all on one PostgreSQL.
// On the embedded PGlite database only one process may open it: there, `npm start` runs both.
import { getConfig } from "../app/server/platform/config.server";
import { databaseOptionsFromConfig, openDatabase, setDatabase } from "../app/server/db/client.server";
import { surviveClosedConnectionWrites } from "../app/server/db/closed-connection-writes.server";
import { runMigrations } from "../app/server/db/migrate.server";
import { startAppWorkers } from "../app/server/jobs/jobs.server";
import { stopWorkers } from "../app/server/jobs/queue.server";
import { logger } from "../app/server/platform/logger.server";
import { fail } from "./cli-support";

try {
  const config = getConfig();
  surviveClosedConnectionWrites(logger, config.databaseUrl);
  const handle = await openDatabase(databaseOptionsFromConfig(config));
  setDatabase(handle);
  await runMigrations(handle);
  await startAppWorkers();
  logger.info({ database: handle.location }, "worker process running");

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal, timeoutMs: config.workers.shutdownTimeoutMs }, "worker shutting down: waiting for running jobs");
    await stopWorkers({ timeoutMs: config.workers.shutdownTimeoutMs });
    await handle.close().catch(() => {});
    logger.info("worker stopped");
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
} catch (error) {
  fail(error);
}
