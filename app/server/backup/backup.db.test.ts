import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import postgres from "postgres";
import * as tar from "tar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "~/server/db/client.server";
import { runMigrations } from "~/server/db/migrate.server";
import { seedDemoContent } from "~/server/db/seed/seed.server";
import S3rver from "s3rver";
import { BUCKETS, createLocalStorage, createS3Storage, type Storage } from "~/server/platform/storage.server";
import { BackupError, createBackup, restoreBackup, TABLES_LEFT_EMPTY, type BackupManifest, type BackupTarget } from "./backup.server";

// A demo school with uploaded files goes through `createBackup` and `restoreBackup` into a fresh
// database and data directory, and comes out identical: the same tables, each with the same rows
// (count and checksum of every row's text), the same sequence positions, and the same files
// (key and SHA-256). Always on the embedded database; on PostgreSQL too when TEST_DATABASE_URL is set.

const MIGRATIONS = path.resolve(import.meta.dirname, "../../../drizzle");
const serverUrl = process.env.TEST_DATABASE_URL;
const temporary: string[] = [];
const databases: string[] = [];

const tempDir = (prefix: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  temporary.push(dir);
  return dir;
};

/** A school's place: a data directory (local storage, auth secret, PGlite) and, on PostgreSQL, a database of its own. */
async function freshTarget(kind: "pglite" | "postgres"): Promise<BackupTarget> {
  const dataDir = tempDir("course-site-backup-");
  const storage = createLocalStorage(path.join(dataDir, "storage"));
  if (kind === "pglite") return { dataDir, storage };
  const name = `course_site_backup_${crypto.randomBytes(5).toString("hex")}`;
  const admin = postgres(serverUrl!, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database ${name}`);
  } finally {
    await admin.end();
  }
  databases.push(name);
  const url = new URL(serverUrl!);
  url.pathname = `/${name}`;
  return { dataDir, storage, databaseUrl: url.toString() };
}

async function open(target: BackupTarget) {
  return target.databaseUrl
    ? openDatabase({ kind: "postgres", url: target.databaseUrl, max: 2 })
    : openDatabase({ kind: "pglite", dataDir: target.dataDir });
}

async function withDatabase<T>(target: BackupTarget, work: (handle: DatabaseHandle) => Promise<T>) {
  const handle = await open(target);
  try {
    return await work(handle);
  } finally {
    await handle.close();
  }
}

const quote = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;

/** Every table (and sequence) outside PostgreSQL's own schemas: its row count and a checksum of its rows. */
async function databaseSnapshot(handle: DatabaseHandle) {
  const snapshot: Record<string, string> = {};
  const { rows: tables } = await handle.executeSql(
    `select table_schema, table_name from information_schema.tables
     where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`,
  );
  for (const { table_schema, table_name } of tables as { table_schema: string; table_name: string }[]) {
    const { rows } = await handle.executeSql(
      `select count(*)::int as n, coalesce(md5(string_agg(t::text, E'\\n' order by t::text)), '') as checksum
       from ${quote(table_schema)}.${quote(table_name)} as t`,
    );
    snapshot[`${table_schema}.${table_name}`] = `${rows[0]!.n} rows, ${rows[0]!.checksum}`;
  }
  const { rows: sequences } = await handle.executeSql(`select schemaname, sequencename, last_value::text as last_value from pg_sequences`);
  for (const sequence of sequences as { schemaname: string; sequencename: string; last_value: string | null }[]) {
    snapshot[`sequence ${sequence.schemaname}.${sequence.sequencename}`] = String(sequence.last_value);
  }
  return snapshot;
}

/** Every stored file: bucket/key to its SHA-256. */
async function filesSnapshot(storage: Storage) {
  const files: Record<string, string> = {};
  for (const bucket of BUCKETS) {
    for await (const object of storage.list(bucket, "")) {
      const stored = await storage.get(bucket, object.key);
      const hash = crypto.createHash("sha256");
      for await (const chunk of stored!.stream) hash.update(chunk as Buffer);
      files[`${bucket}/${object.key}`] = hash.digest("hex");
    }
  }
  return files;
}

/** The database and files of a school; `change` runs first on the same connection, when given. */
const snapshot = async (target: BackupTarget, change?: (handle: DatabaseHandle) => Promise<unknown>) => ({
  database: await withDatabase(target, async (handle) => {
    await change?.(handle);
    return databaseSnapshot(handle);
  }),
  files: await filesSnapshot(target.storage),
});

async function isEmpty(target: BackupTarget) {
  const files = await filesSnapshot(target.storage);
  if (Object.keys(files).length > 0) return false;
  if (!target.databaseUrl) return !fs.existsSync(path.join(target.dataDir, "db"));
  const client = postgres(target.databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const [row] = await client<
      { n: number }[]
    >`select count(*)::int as n from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')`;
    return row!.n === 0;
  } finally {
    await client.end();
  }
}

/** Unpacks an archive, lets `change` alter it, and packs it again under a new name. */
async function tamperedCopy(archive: string, change: (dir: string) => Promise<void>) {
  const dir = tempDir("course-site-tamper-");
  await tar.extract({ file: archive, cwd: dir });
  await change(dir);
  const file = path.join(tempDir("course-site-tampered-"), "tampered.tar.gz");
  await tar.create({ gzip: true, cwd: dir, file }, await fsp.readdir(dir));
  return file;
}

afterAll(async () => {
  if (databases.length > 0) {
    const admin = postgres(serverUrl!, { max: 1, onnotice: () => {} });
    try {
      for (const name of databases) await admin.unsafe(`drop database if exists ${name} with (force)`);
    } finally {
      await admin.end();
    }
  }
  for (const dir of temporary) await fsp.rm(dir, { recursive: true, force: true });
});

// The postgres project (vitest.config.ts) runs the PostgreSQL round trip, the pglite project the embedded one.
const engines = process.env.VITEST_DATABASE_PROJECT === "postgres" && serverUrl ? (["postgres"] as const) : (["pglite"] as const);

describe.each(engines)("backups on %s", (kind) => {
  let source: BackupTarget;
  let archive: string;
  let firstManifest: BackupManifest;
  let original: Awaited<ReturnType<typeof snapshot>>;
  /** What a restore gives back: the original with its sessions and verification tokens left out (decision 021). */
  let backedUp: Awaited<ReturnType<typeof snapshot>>;
  const SESSION_TOKEN = `live-session-${crypto.randomBytes(8).toString("hex")}`;
  const RESET_TOKEN = `live-reset-${crypto.randomBytes(8).toString("hex")}`;
  /** The round trip's copy, which then loses a row: a school the forced restore must replace. */
  let restoredTarget: BackupTarget;
  const uploads = {
    "media/covers/cover-1.png": crypto.randomBytes(48_000),
    "media/posts/über café.webp": crypto.randomBytes(3_000),
    "media/empty.txt": Buffer.alloc(0),
    "course-videos/0b6c1f1e-lesson/video.webm": crypto.randomBytes(300_000),
  };

  beforeAll(async () => {
    source = await freshTarget(kind);
    await withDatabase(source, async (handle) => {
      await runMigrations(handle, MIGRATIONS);
      expect(await seedDemoContent(handle.db)).toEqual({ seeded: true });
      // A signed-in learner and a password reset in flight: neither belongs in a backup.
      await handle.executeSql(
        `insert into sessions (id, token, user_id, expires_at) select 'backup-session', '${SESSION_TOKEN}', id, now() + interval '7 days' from users limit 1`,
      );
      await handle.executeSql(
        `insert into verifications (id, identifier, value, expires_at) values ('backup-reset', 'reset-password:${RESET_TOKEN}', 'user-1', now() + interval '1 hour')`,
      );
    });
    for (const [name, bytes] of Object.entries(uploads)) {
      const [bucket, ...key] = name.split("/");
      await source.storage.put(bucket as "media", key.join("/"), Readable.from([bytes]), { contentType: "application/octet-stream" });
    }
    // An upload still being written (the local adapter's temporary name) is not part of the school.
    fs.writeFileSync(path.join(source.dataDir, "storage", "media", "covers", "cover-2.png.1a2b3c.part"), "half");
    fs.writeFileSync(path.join(source.dataDir, "auth-secret"), crypto.randomBytes(32).toString("base64url"), { mode: 0o600 });
    original = await snapshot(source);
    expect(TABLES_LEFT_EMPTY.map((table) => original.database[`public.${table}`])).toEqual([
      expect.stringMatching(/^1 rows/),
      expect.stringMatching(/^1 rows/),
    ]);
    const emptied = Object.fromEntries(TABLES_LEFT_EMPTY.map((table) => [`public.${table}`, "0 rows, "]));
    backedUp = { ...original, database: { ...original.database, ...emptied } };
  }, 180_000);

  if (kind === "pglite") {
    it("refuses to back up the embedded database while a server holds it, naming the holder", async () => {
      const server = await open(source);
      try {
        await expect(createBackup(source, tempDir("course-site-out-"))).rejects.toThrow(
          /Cannot back up while the embedded database is in use.*process \d+/s,
        );
      } finally {
        await server.close();
      }
    });
  }

  it("round-trips the demo school with its files to identical content", async () => {
    const { file, manifest } = await createBackup(source, tempDir("course-site-out-"));
    archive = file;
    firstManifest = manifest;
    expect(path.basename(file)).toMatch(/^school-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.tar\.gz$/);
    expect(manifest.database.kind).toBe(kind);
    expect(
      manifest.entries
        .map((entry) => entry.path)
        .filter((entry) => entry.startsWith("files/"))
        .sort(),
    ).toEqual(
      Object.keys(uploads)
        .map((name) => `files/${name}`)
        .sort(),
    );

    // The comparison is worth something only if the school has content in many tables.
    const filled = Object.entries(original.database).filter(([name, value]) => !name.startsWith("sequence") && !value.startsWith("0 rows"));
    expect(filled.length).toBeGreaterThanOrEqual(8);
    expect(Object.keys(original.database)).toEqual(
      expect.arrayContaining(["public.courses", "public.lessons", "public.posts", "public.site_settings"]),
    );
    expect(Object.keys(original.files)).toHaveLength(Object.keys(uploads).length);

    const target = (restoredTarget = await freshTarget(kind));
    await restoreBackup(target, file);
    const restored = await snapshot(target);
    expect(restored.database).toEqual(backedUp.database);
    expect(restored.files).toEqual(original.files);
    expect(fs.readFileSync(path.join(target.dataDir, "auth-secret"))).toEqual(fs.readFileSync(path.join(source.dataDir, "auth-secret")));
    // The source is untouched.
    expect(await snapshot(source)).toEqual(original);

    // The snapshot notices a single missing row: a restore that lost one would fail above.
    const { database: oneRowLess } = await snapshot(target, (handle) =>
      handle.executeSql(`delete from public.lessons where id = (select id from public.lessons limit 1)`),
    );
    expect(oneRowLess["public.lessons"]).not.toEqual(original.database["public.lessons"]);
    expect({ ...oneRowLess, "public.lessons": original.database["public.lessons"] }).toEqual(backedUp.database);
  }, 180_000);

  it("refuses a target that holds a school unless forced, and then replaces it whole", async () => {
    const target = restoredTarget;
    await target.storage.put("media", "covers/new-after-backup.png", Readable.from([Buffer.from("new")]), { contentType: "image/png" });
    const changed = await snapshot(target, (handle) => handle.executeSql(`update public.courses set title = title || ' (changed)'`));
    expect(changed).not.toEqual(original);

    await expect(restoreBackup(target, archive)).rejects.toThrow(/The target is not empty: .*Nothing was changed\. Pass --force/);
    expect(await snapshot(target)).toEqual(changed);

    await restoreBackup(target, archive, { force: true });
    expect(await snapshot(target)).toEqual(backedUp);
  }, 180_000);

  it("writes the archive readable by its owner only from its first byte, in a folder it makes for its owner only", async () => {
    const folder = path.join(tempDir("course-site-out-"), "nightly");
    const file = path.join(folder, "school.tar.gz");
    const partial = `${file}.partial`;
    // Every mode the file under construction had, read between each step of the write.
    const modes = new Set<string>();
    let writing = true;
    const watch = async () => {
      while (writing) {
        const stat = fs.statSync(partial, { throwIfNoEntry: false });
        if (stat) modes.add((stat.mode & 0o777).toString(8));
        await new Promise((resolve) => setImmediate(resolve));
      }
    };
    const watching = watch();
    try {
      await createBackup(source, file);
    } finally {
      writing = false;
      await watching;
    }
    expect([...modes]).toEqual(["600"]);
    expect((fs.statSync(file).mode & 0o777).toString(8)).toBe("600");
    expect((fs.statSync(folder).mode & 0o777).toString(8)).toBe("700");
    expect(fs.existsSync(partial)).toBe(false);
    // No byte of the archive's contents holds the session's or the reset link's token (the embedded
    // database's files are stored as they are, so a left-behind row would show there).
    const unpacked = tempDir("course-site-unpacked-");
    await tar.extract({ file, cwd: unpacked });
    for (const entry of fs.readdirSync(unpacked, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile())) {
      const bytes = fs.readFileSync(path.join(entry.parentPath, entry.name));
      expect(bytes.includes(SESSION_TOKEN), entry.name).toBe(false);
      expect(bytes.includes(RESET_TOKEN), entry.name).toBe(false);
    }
  }, 180_000);

  // The files take the same path on either engine: on PostgreSQL when there is one (the cheaper round trip).
  if (kind === "postgres" || !serverUrl) {
    it("restores the files into S3 storage and backs them up from there unchanged", async () => {
      const s3rver = new S3rver({
        address: "127.0.0.1",
        port: 0,
        silent: true,
        directory: tempDir("course-site-s3-"),
        configureBuckets: [{ name: "school" }],
      });
      const { port } = await s3rver.run();
      try {
        const storage = createS3Storage({
          bucket: "school",
          region: "us-east-1",
          endpoint: `http://127.0.0.1:${port}`,
          accessKeyId: "S3RVER",
          secretAccessKey: "S3RVER",
          forcePathStyle: true,
        });
        const target = { ...(await freshTarget(kind)), storage };
        await restoreBackup(target, archive);
        expect(await filesSnapshot(storage)).toEqual(original.files);
        const { manifest } = await createBackup(target, tempDir("course-site-out-"));
        const files = (entries: typeof manifest.entries) =>
          entries.filter((entry) => entry.path.startsWith("files/")).map(({ path, sha256 }) => ({ path, sha256 }));
        expect(files(manifest.entries)).toEqual(expect.arrayContaining(files(firstManifest.entries)));
        expect(manifest.entries.filter((entry) => entry.path.startsWith("files/"))).toHaveLength(Object.keys(uploads).length);
      } finally {
        await s3rver.close();
      }
    }, 180_000);

    if (kind === "postgres") {
      it("leaves the database as it was when the restore fails late (after the data is loaded)", async () => {
        const target = await freshTarget(kind);
        // Not a table, so the target counts as empty; its name takes one the dump's indexes needs.
        const client = postgres(target.databaseUrl!, { max: 1, onnotice: () => {} });
        try {
          await client`create sequence public.courses_updated_at_idx`;
        } finally {
          await client.end();
        }
        await expect(restoreBackup(target, archive)).rejects.toThrow(/psql failed[\s\S]*courses_updated_at_idx/);
        expect(await isEmpty(target)).toBe(true);
      }, 180_000);
    }
  }

  it.each([
    [
      "a file whose bytes changed",
      /files\/media\/covers\/cover-1\.png does not match its checksum/,
      async (dir: string) => {
        const file = path.join(dir, "files", "media", "covers", "cover-1.png");
        const bytes = fs.readFileSync(file);
        bytes[1000] = bytes[1000]! ^ 0xff;
        fs.writeFileSync(file, bytes);
      },
    ],
    [
      "a file the manifest does not list",
      /files\/media\/extra\.png is not in the manifest/,
      async (dir: string) => {
        fs.writeFileSync(path.join(dir, "files", "media", "extra.png"), "extra");
      },
    ],
    [
      "a missing database",
      /database\/\S+ is missing/,
      async (dir: string) => {
        fs.rmSync(path.join(dir, "database"), { recursive: true });
      },
    ],
  ])(
    "refuses an archive with %s before touching anything, even when forced",
    async (_name, message, change) => {
      const damaged = await tamperedCopy(archive, change);
      const target = await freshTarget(kind);
      const failure = restoreBackup(target, damaged, { force: true });
      await expect(failure).rejects.toThrow(BackupError);
      await expect(failure).rejects.toThrow(message);
      expect(await isEmpty(target)).toBe(true);
    },
    180_000,
  );
});
