import { spawn } from "node:child_process";
import path from "node:path";
import postgres from "postgres";
import { BackupError, type BackupTarget } from "./backup-target.server";

/** PostgreSQL's own programs for backups (pg_dump, pg_restore, psql), run as an operator would (docs/decisions/021). */

/** The URL without its password (which goes in PGPASSWORD, never on a command line others can read). */
function libpqConnection(databaseUrl: string) {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = "";
  return { dbname: url.toString(), env: password ? { PGPASSWORD: password } : {} };
}

type PgTool = "pg_dump" | "pg_restore" | "psql";

/** Runs one of PostgreSQL's programs; fails with its error output. */
export function runPgTool(target: BackupTarget, tool: PgTool, args: string[]) {
  const command = target.pgBin ? path.join(target.pgBin, tool) : tool;
  const connection = target.databaseUrl && tool !== "pg_restore" ? libpqConnection(target.databaseUrl) : undefined;
  const child = spawn(command, connection ? [...args, `--dbname=${connection.dbname}`] : args, {
    env: { ...process.env, ...connection?.env },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  return new Promise<void>((resolve, reject) => {
    child.once("error", (error: NodeJS.ErrnoException) => {
      reject(
        error.code === "ENOENT"
          ? new BackupError(
              `${command} was not found. Install PostgreSQL's client programs (the server's major version or newer), ` +
                `or set PG_BIN to the folder that holds them (for example /usr/lib/postgresql/15/bin).`,
            )
          : error,
      );
    });
    child.once("close", (code) =>
      code === 0 ? resolve() : reject(new BackupError(`${tool} failed (exit code ${code}):\n${stderr.trim()}`)),
    );
  });
}

/** Every schema but PostgreSQL's own, dropped with what is in it; an empty public schema made again. */
const DROP_EVERYTHING = `DO $$
DECLARE doomed text;
BEGIN
  FOR doomed IN SELECT nspname FROM pg_namespace WHERE nspname NOT IN ('pg_catalog', 'information_schema')
      AND nspname NOT LIKE 'pg\\_toast%' AND nspname NOT LIKE 'pg\\_temp%' LOOP
    EXECUTE format('DROP SCHEMA %I CASCADE', doomed);
  END LOOP;
  CREATE SCHEMA public;
END $$;`;

/**
 * pg_restore turns the dump into an SQL script and psql runs it in one transaction, after dropping
 * what the database holds when `force` is set: a restore that fails anywhere leaves the database as
 * it was. The script is written out whole first, so psql never commits one that pg_restore cut short.
 * (pg_restore --clean cannot drop pg-boss's partitioned tables, hence the drop of whole schemas.)
 */
export async function restorePostgres(target: BackupTarget, dump: string, force: boolean) {
  const script = path.join(path.dirname(dump), "restore.sql");
  await runPgTool(target, "pg_restore", ["--no-owner", "--no-privileges", `--file=${script}`, dump]);
  const transaction = ["--no-psqlrc", "--quiet", "--single-transaction", "--set=ON_ERROR_STOP=1"];
  await runPgTool(target, "psql", [...transaction, ...(force ? [`--command=${DROP_EVERYTHING}`] : []), `--file=${script}`]);
}

export async function postgresTableCount(databaseUrl: string) {
  const client = postgres(databaseUrl, { max: 1, onnotice: () => {}, connect_timeout: 5 });
  try {
    const [row] = await client<{ n: number }[]>`
      select count(*)::int as n from pg_class c join pg_namespace s on s.oid = c.relnamespace
      where c.relkind in ('r', 'p') and s.nspname not in ('pg_catalog', 'information_schema')
        and s.nspname not like 'pg\\_toast%' and s.nspname not like 'pg\\_temp%'`;
    return row?.n ?? 0;
  } finally {
    await client.end({ timeout: 5 });
  }
}
