// `npm run db:backup [-- --output <folder or file.tar.gz>]`: one archive with the database, the
// uploaded files and the generated auth secret (docs/operations.md, "Backups"). PostgreSQL is dumped
// while the site runs; the embedded database needs the server stopped (its lock says if it is not).
import { parseArgs } from "node:util";
import { createBackup, type BackupTarget } from "../app/server/backup/backup.server";
import { getConfig } from "../app/server/platform/config.server";
import { getStorage } from "../app/server/platform/storage.server";
import { fail } from "./cli-support";

try {
  const { values } = parseArgs({ options: { output: { type: "string", short: "o", default: "backups" } } });
  const config = getConfig();
  const target: BackupTarget = { databaseUrl: config.databaseUrl, dataDir: config.dataDir, storage: getStorage(), pgBin: config.pgBin };
  const started = Date.now();
  const { file, manifest } = await createBackup(target, values.output);
  const files = manifest.entries.filter((entry) => entry.path.startsWith("files/")).length;
  const kind = manifest.database.kind === "postgres" ? "PostgreSQL" : "embedded";
  console.log(
    `Backed up the ${kind} database and ${files} file${files === 1 ? "" : "s"} to ${file} in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
} catch (error) {
  fail(error);
}
