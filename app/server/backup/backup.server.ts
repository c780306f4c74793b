import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import * as tar from "tar";
import { z } from "zod";
import { acquireDataDirLock } from "../db/lock.server";
import { BUCKETS, contentTypeForKey, isSafeKey, type Bucket, type Storage } from "../platform/storage.server";
import { BackupError, type BackupTarget } from "./backup-target.server";
import { postgresTableCount, restorePostgres, runPgTool } from "./postgres-tools.server";

export { BackupError, type BackupTarget } from "./backup-target.server";

/**
 * One archive holds a whole school (docs/decisions/021): the database (pg_dump's custom format,
 * or the embedded database's data directory taken with the server stopped), every uploaded file
 * and the generated AUTH_SECRET file, with a manifest of their sizes and SHA-256 checksums.
 *
 *   manifest.json
 *   database/postgres.dump | database/pglite-data.tar
 *   files/<bucket>/<key>
 *   auth-secret            (only when DATA_DIR has one)
 */

export const MANIFEST_FORMAT = "course-site-backup";
const MANIFEST_VERSION = 1;
const DATABASE_FILES = { postgres: "database/postgres.dump", pglite: "database/pglite-data.tar" } as const;
const AUTH_SECRET_FILE = "auth-secret";
/**
 * Tables whose rows a backup leaves out (decision 021, issue 36): sign-in sessions and verification
 * tokens (address confirmations, password resets). Their tables are in the archive, empty: a
 * leaked archive holds no live session or reset link's token, and a restored school signs everyone
 * in again.
 */
export const TABLES_LEFT_EMPTY = ["sessions", "verifications"] as const;

const manifestEntry = z.object({
  path: z.string().refine(isArchivePath, "is not a path a backup holds"),
  size: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  contentType: z.string().optional(),
});
const manifestSchema = z.object({
  format: z.literal(MANIFEST_FORMAT),
  version: z.literal(MANIFEST_VERSION),
  createdAt: z.string(),
  database: z.object({ kind: z.enum(["postgres", "pglite"]), path: z.string() }),
  entries: z.array(manifestEntry),
});
export type BackupManifest = z.infer<typeof manifestSchema>;
type ManifestEntry = z.infer<typeof manifestEntry>;

function isArchivePath(entry: string) {
  if (entry === AUTH_SECRET_FILE || entry === DATABASE_FILES.postgres || entry === DATABASE_FILES.pglite) return true;
  const [top, bucket, ...rest] = entry.split("/");
  return top === "files" && (BUCKETS as readonly string[]).includes(bucket ?? "") && isSafeKey(rest.join("/"));
}

/** `backups/school-2026-11-25T03-15-00Z.tar.gz` for a folder; a path ending in .tar.gz is used as it is. */
export function backupFileName(output: string, now = new Date()) {
  if (output.endsWith(".tar.gz") || output.endsWith(".tgz")) return path.resolve(output);
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, "Z")
    .replaceAll(":", "-");
  return path.resolve(output, `school-${stamp}.tar.gz`);
}

async function sha256File(file: string) {
  const hash = crypto.createHash("sha256");
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest("hex");
}

async function describeFile(root: string, entry: string, contentType?: string): Promise<ManifestEntry> {
  const file = path.join(root, ...entry.split("/"));
  const { size } = await fsp.stat(file);
  return { path: entry, size, sha256: await sha256File(file), ...(contentType ? { contentType } : {}) };
}

// ---------------------------------------------------------------------------------------------
// The embedded database

const pgliteDir = (dataDir: string) => path.join(dataDir, "db");

function hasPgliteDatabase(dataDir: string) {
  return fs.existsSync(path.join(pgliteDir(dataDir), "PG_VERSION"));
}

/** Takes the data directory's lock (refusing while the server runs) for the duration of `work`. */
async function withDataDirLock<T>(dataDir: string, action: string, work: () => Promise<T>): Promise<T> {
  let release: () => void;
  try {
    release = acquireDataDirLock(dataDir);
  } catch (error) {
    if (error instanceof Error && error.name === "DatabaseLockedError") {
      throw new BackupError(`Cannot ${action} while the embedded database is in use. ${error.message}`);
    }
    throw error;
  }
  try {
    return await work();
  } finally {
    release();
  }
}

// ---------------------------------------------------------------------------------------------
// Backup

/**
 * Writes the archive to `output` (a .tar.gz path, or a folder to name one in) and returns its path.
 * PostgreSQL is dumped first and the files copied after it, so every file a dumped row names is in
 * the archive unless it was deleted in between. The embedded database is copied under its lock,
 * so the server must be stopped (the lock names it if not).
 */
export async function createBackup(target: BackupTarget, output: string): Promise<{ file: string; manifest: BackupManifest }> {
  const file = backupFileName(output);
  if (fs.existsSync(file)) throw new BackupError(`${file} already exists; choose another name.`);
  // A folder the command makes is its owner's only; one that exists keeps its mode.
  await fsp.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const staging = await fsp.mkdtemp(path.join(path.dirname(file), ".backup-"));
  try {
    const work = async () => {
      await fsp.mkdir(path.join(staging, "database"));
      const kind = target.databaseUrl ? "postgres" : "pglite";
      const databasePath = DATABASE_FILES[kind];
      if (kind === "postgres") {
        const leftEmpty = TABLES_LEFT_EMPTY.map((table) => `--exclude-table-data=public.${table}`);
        await runPgTool(target, "pg_dump", ["--format=custom", ...leftEmpty, `--file=${path.join(staging, databasePath)}`]);
      } else {
        if (!hasPgliteDatabase(target.dataDir))
          throw new BackupError(`There is no embedded database in ${pgliteDir(target.dataDir)} to back up.`);
        const client = await PGlite.create(pgliteDir(target.dataDir), { extensions: { pg_trgm } });
        let dump: Blob;
        try {
          dump = await client.dumpDataDir("none");
        } finally {
          await client.close();
        }
        await fsp.writeFile(path.join(staging, databasePath), Buffer.from(await (await withTablesEmptied(dump)).arrayBuffer()));
      }
      const entries = [await describeFile(staging, databasePath)];
      entries.push(...(await copyFilesOut(target.storage, staging)));
      const secret = path.join(target.dataDir, AUTH_SECRET_FILE);
      if (fs.existsSync(secret)) {
        await fsp.copyFile(secret, path.join(staging, AUTH_SECRET_FILE));
        entries.push(await describeFile(staging, AUTH_SECRET_FILE));
      }
      const manifest: BackupManifest = {
        format: MANIFEST_FORMAT,
        version: MANIFEST_VERSION,
        createdAt: new Date().toISOString(),
        database: { kind, path: databasePath },
        entries,
      };
      await fsp.writeFile(path.join(staging, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
      return manifest;
    };
    const manifest = target.databaseUrl ? await work() : await withDataDirLock(target.dataDir, "back up", work);

    // Written under a temporary name and renamed, so a backup that failed halfway never looks whole.
    // Created new (never an existing file) and readable by its owner only from the first byte: the
    // archive holds password hashes and the auth secret.
    const partial = `${file}.partial`;
    const top = ["manifest.json", "database", ...(fs.existsSync(path.join(staging, "files")) ? ["files"] : [])];
    if (fs.existsSync(path.join(staging, AUTH_SECRET_FILE))) top.push(AUTH_SECRET_FILE);
    try {
      await pipeline(
        tar.create({ gzip: true, portable: true, cwd: staging }, top),
        fs.createWriteStream(partial, { flags: "wx", mode: 0o600 }),
      );
      await fsp.rename(partial, file);
    } catch (error) {
      await fsp.rm(partial, { force: true });
      throw error;
    }
    return { file, manifest };
  } finally {
    await fsp.rm(staging, { recursive: true, force: true });
  }
}

/**
 * The embedded database's data directory with TABLES_LEFT_EMPTY emptied: loaded into memory,
 * truncated (new, empty files, not rows marked deleted), then dumped again. The write-ahead log
 * still holds the rows as they were written, so it moves to a new segment and the checkpoints
 * delete the old ones (not recycle them, which keeps their bytes).
 */
async function withTablesEmptied(dataDir: Blob) {
  const copy = await PGlite.create({ loadDataDir: dataDir, extensions: { pg_trgm } });
  try {
    const tables = TABLES_LEFT_EMPTY.map((table) => `public.${table}`).join(", ");
    await copy.exec(`truncate ${tables}; set wal_recycle = off; select pg_switch_wal(); checkpoint; checkpoint;`);
    return await copy.dumpDataDir("none");
  } finally {
    await copy.close();
  }
}

async function copyFilesOut(storage: Storage, staging: string) {
  const entries: ManifestEntry[] = [];
  for (const bucket of BUCKETS) {
    for await (const object of storage.list(bucket, "")) {
      if (!isSafeKey(object.key)) throw new BackupError(`The stored file ${bucket}/${object.key} has a name a backup cannot hold.`);
      const stored = await storage.get(bucket, object.key);
      if (!stored) continue; // deleted since it was listed
      const entry = `files/${bucket}/${object.key}`;
      const destination = path.join(staging, ...entry.split("/"));
      await fsp.mkdir(path.dirname(destination), { recursive: true });
      await pipeline(stored.stream, fs.createWriteStream(destination, { flags: "wx" }));
      entries.push(await describeFile(staging, entry, stored.contentType));
    }
  }
  return entries;
}

// ---------------------------------------------------------------------------------------------
// Restore

/**
 * Restores `archive` into the target. Everything is checked before anything is touched: the
 * archive unpacks into a temporary folder, each entry must match the manifest's size and checksum
 * (and nothing may be there that the manifest does not list), the database kind must match, and
 * the target must be empty (no tables, no embedded database, no stored files, no other
 * auth-secret) unless `force` is set. With `force`, what the backup holds replaces the target's
 * (PostgreSQL: every schema dropped and the dump loaded, in one transaction; the embedded database: swapped whole;
 * files: the backup's written, the others deleted).
 */
export async function restoreBackup(target: BackupTarget, archive: string, { force = false } = {}): Promise<BackupManifest> {
  if (!fs.existsSync(archive)) throw new BackupError(`${archive} does not exist.`);
  const staging = await fsp.mkdtemp(path.join(os.tmpdir(), "course-site-restore-"));
  try {
    const manifest = await unpackAndVerify(archive, staging);
    const kind = target.databaseUrl ? "postgres" : "pglite";
    if (manifest.database.kind !== kind) {
      const names = { postgres: "PostgreSQL", pglite: "the embedded database (PGlite)" };
      throw new BackupError(
        `This backup holds ${names[manifest.database.kind]}, but the target is ${names[kind]}. ` +
          `Restore it with ${manifest.database.kind === "postgres" ? "DATABASE_URL set" : "DATABASE_URL unset"}.`,
      );
    }
    const work = async () => {
      const occupied = await occupiedParts(target, staging, manifest);
      if (occupied.length > 0 && !force) {
        throw new BackupError(
          `The target is not empty: ${occupied.join("; ")}. Nothing was changed. Pass --force to replace it with the backup.`,
        );
      }
      await restoreDatabase(target, path.join(staging, manifest.database.path), force);
      await restoreFiles(target.storage, staging, manifest, force);
      if (manifest.entries.some((entry) => entry.path === AUTH_SECRET_FILE)) {
        await fsp.mkdir(target.dataDir, { recursive: true });
        await fsp.copyFile(path.join(staging, AUTH_SECRET_FILE), path.join(target.dataDir, AUTH_SECRET_FILE));
        await fsp.chmod(path.join(target.dataDir, AUTH_SECRET_FILE), 0o600);
      }
    };
    if (target.databaseUrl) await work();
    else await withDataDirLock(target.dataDir, "restore", work);
    return manifest;
  } finally {
    await fsp.rm(staging, { recursive: true, force: true });
  }
}

/** Unpacks the archive and checks every entry against the manifest; throws BackupError if anything differs. */
export async function unpackAndVerify(archive: string, staging: string): Promise<BackupManifest> {
  try {
    await tar.extract({ file: archive, cwd: staging, strict: true });
  } catch (error) {
    throw new BackupError(`${archive} is not a readable backup archive (${(error as Error).message}). Nothing was changed.`);
  }
  const damaged = (why: string) => new BackupError(`${archive} is damaged: ${why}. Nothing was changed.`);
  let manifest: BackupManifest;
  try {
    manifest = manifestSchema.parse(JSON.parse(await fsp.readFile(path.join(staging, "manifest.json"), "utf8")));
  } catch {
    throw damaged("its manifest.json is missing or not a backup manifest");
  }
  if (
    !manifest.entries.some((entry) => entry.path === manifest.database.path) ||
    manifest.database.path !== DATABASE_FILES[manifest.database.kind]
  ) {
    throw damaged("the manifest lists no database");
  }
  const listed = new Map(manifest.entries.map((entry) => [entry.path, entry]));
  if (listed.size !== manifest.entries.length) throw damaged("the manifest lists a file twice");

  const present: string[] = [];
  for (const dirent of await fsp.readdir(staging, { recursive: true, withFileTypes: true })) {
    const relative = path.relative(staging, path.join(dirent.parentPath, dirent.name)).split(path.sep).join("/");
    if (dirent.isDirectory()) continue;
    if (!dirent.isFile()) throw damaged(`${relative} is not a regular file`);
    if (relative !== "manifest.json") present.push(relative);
  }
  for (const entry of present) if (!listed.has(entry)) throw damaged(`${entry} is not in the manifest`);
  for (const entry of manifest.entries) {
    const file = path.join(staging, ...entry.path.split("/"));
    const stat = await fsp.stat(file).catch(() => undefined);
    if (!stat?.isFile()) throw damaged(`${entry.path} is missing`);
    if (stat.size !== entry.size) throw damaged(`${entry.path} has ${stat.size} bytes, the manifest says ${entry.size}`);
    if ((await sha256File(file)) !== entry.sha256) throw damaged(`${entry.path} does not match its checksum`);
  }
  return manifest;
}

/** What the target already holds, in words; empty when a restore can go ahead without --force. */
async function occupiedParts(target: BackupTarget, staging: string, manifest: BackupManifest) {
  const occupied: string[] = [];
  if (target.databaseUrl) {
    const tables = await postgresTableCount(target.databaseUrl);
    if (tables > 0) occupied.push(`the database has ${tables} table${tables === 1 ? "" : "s"}`);
  } else if (fs.existsSync(pgliteDir(target.dataDir)) && (await fsp.readdir(pgliteDir(target.dataDir))).length > 0) {
    occupied.push(`${pgliteDir(target.dataDir)} holds a database`);
  }
  for (const bucket of BUCKETS) {
    for await (const object of target.storage.list(bucket, "")) {
      occupied.push(`the file storage holds files (${bucket}/${object.key}, …)`);
      break;
    }
    if (occupied.some((part) => part.startsWith("the file storage"))) break;
  }
  const secret = path.join(target.dataDir, AUTH_SECRET_FILE);
  if (manifest.entries.some((entry) => entry.path === AUTH_SECRET_FILE) && fs.existsSync(secret)) {
    const same = (await fsp.readFile(secret)).equals(await fsp.readFile(path.join(staging, AUTH_SECRET_FILE)));
    if (!same) occupied.push(`${secret} holds another secret`);
  }
  return occupied;
}

async function restoreDatabase(target: BackupTarget, dump: string, force: boolean) {
  if (target.databaseUrl) return restorePostgres(target, dump, force);
  // The copy is made beside the live one and swapped in only once it opens.
  const live = pgliteDir(target.dataDir);
  const fresh = path.join(target.dataDir, `db.restoring-${crypto.randomBytes(4).toString("hex")}`);
  try {
    const client = await PGlite.create(fresh, { loadDataDir: await fs.openAsBlob(dump), extensions: { pg_trgm } });
    try {
      await client.query("select 1");
    } finally {
      await client.close();
    }
    const old = path.join(target.dataDir, `db.replaced-${crypto.randomBytes(4).toString("hex")}`);
    const hadOne = fs.existsSync(live);
    if (hadOne) await fsp.rename(live, old);
    await fsp.rename(fresh, live);
    if (hadOne) await fsp.rm(old, { recursive: true, force: true });
  } finally {
    await fsp.rm(fresh, { recursive: true, force: true });
  }
}

async function restoreFiles(storage: Storage, staging: string, manifest: BackupManifest, force: boolean) {
  const files = manifest.entries.filter((entry) => entry.path.startsWith("files/"));
  if (force) {
    const keep = new Set(files.map((entry) => entry.path));
    for (const bucket of BUCKETS) {
      const extra: string[] = [];
      for await (const object of storage.list(bucket, "")) if (!keep.has(`files/${bucket}/${object.key}`)) extra.push(object.key);
      for (const key of extra) await storage.delete(bucket, key);
    }
  }
  for (const entry of files) {
    const [, bucket, ...key] = entry.path.split("/");
    const objectKey = key.join("/");
    const body = fs.createReadStream(path.join(staging, ...entry.path.split("/")));
    await storage.put(bucket as Bucket, objectKey, body, { contentType: entry.contentType ?? contentTypeForKey(objectKey) });
  }
}
