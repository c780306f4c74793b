// `npm run db:restore -- <backup.tar.gz> [--force]`: put a backup from `npm run db:backup` back.
// The archive is checked against its manifest's checksums before anything is touched; a target
// that already holds data is refused unless --force (docs/operations.md, "Backups").
import { parseArgs } from "node:util";
import { restoreBackup, type BackupTarget } from "../app/server/backup/backup.server";
import { getConfig } from "../app/server/platform/config.server";
import { getStorage } from "../app/server/platform/storage.server";
import { fail } from "./cli-support";

const USAGE = "Usage: npm run db:restore -- <backup.tar.gz> [--force]";

class UsageError extends Error {
  name = "UsageError";
}

try {
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { force: { type: "boolean", default: false } } });
  if (positionals.length !== 1) throw new UsageError(USAGE);
  const config = getConfig();
  const target: BackupTarget = { databaseUrl: config.databaseUrl, dataDir: config.dataDir, storage: getStorage(), pgBin: config.pgBin };
  const manifest = await restoreBackup(target, positionals[0]!, { force: values.force });
  const files = manifest.entries.filter((entry) => entry.path.startsWith("files/")).length;
  console.log(
    `Restored the backup of ${manifest.createdAt}: the database and ${files} file${files === 1 ? "" : "s"}. ` +
      `Start the app: it applies any newer migrations.`,
  );
} catch (error) {
  fail(error);
}
