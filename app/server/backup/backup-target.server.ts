import type { Storage } from "../platform/storage.server";

/** A problem the operator can act on: the CLI prints its message without a stack trace. */
export class BackupError extends Error {
  name = "BackupError";
}

export type BackupTarget = {
  /** PostgreSQL when set; otherwise the embedded database in `dataDir/db`. */
  databaseUrl?: string;
  dataDir: string;
  storage: Storage;
  /** The folder holding pg_dump and pg_restore; unset finds them on PATH. */
  pgBin?: string;
};
