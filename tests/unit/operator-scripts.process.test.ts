import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ensureProductionBuild,
  postgresBinaries,
  runNpmScript,
  sleep,
  startNpmScript,
  startPostgresCluster,
  startServerProcess,
  type PostgresCluster,
  type ScriptProcess,
  type ServerProcess,
} from "../support/processes";

/**
 * Every `npm run` command the README and docs/operations.md tell an operator to run, started as a
 * process exactly as documented, on PostgreSQL, each checked by its effect (issue 36: `npm run
 * worker` crashed at start on a Vite-only import, and nothing in the suite started it).
 */

const AUTH_SECRET = "operator-scripts-secret-operator-scripts-0123";
let cluster: PostgresCluster | undefined;
const folders: string[] = [];
const running: (ServerProcess | ScriptProcess)[] = [];

function temporaryFolder() {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "course-site-scripts-"));
  folders.push(folder);
  return folder;
}

/** A new, empty database on the test cluster, as `createdb <name>` makes one. */
async function createDatabase(name: string) {
  const sql = postgres(cluster!.url, { max: 1, onnotice: () => {} });
  await sql.unsafe(`create database ${name}`);
  await sql.end();
  return cluster!.url.replace(/\/postgres$/, `/${name}`);
}

async function query<T extends object>(url: string, text: string) {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    return (await sql.unsafe(text)) as unknown as T[];
  } finally {
    await sql.end();
  }
}

async function waitFor<T>(check: () => Promise<T | undefined>, what: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await check();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(250);
  }
}

beforeAll(async () => {
  await ensureProductionBuild();
  cluster = await startPostgresCluster();
}, 900_000);

afterAll(async () => {
  for (const process of running) process.kill("SIGKILL");
  cluster?.destroy();
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

describe("npm run worker beside web processes with WORKERS=off (README, Background jobs)", () => {
  it("starts, delivers the mail a web process queued exactly once, and stops on SIGTERM", async () => {
    const databaseUrl = await createDatabase("worker_school");
    const dataDir = temporaryFolder();
    const settings = { DATABASE_URL: databaseUrl, DATA_DIR: dataDir, AUTH_SECRET, PAYMENTS_PROVIDER: "test" };
    const web = await startServerProcess({ ...settings, WORKERS: "off" });
    running.push(web);

    const form = new URLSearchParams({ name: "Ada Visitor", email: "ada@example.com", message: "Is the worker running?", website: "" });
    const answer = await fetch(`${web.base}/contact`, { method: "POST", body: form, redirect: "manual" });
    expect(answer.status).toBe(302);
    const [queued] = await query<{ id: string; status: string }>(databaseUrl, "select id, status from mail_log where kind = 'contact'");
    // The web process does not deliver it: it waits for a worker.
    await sleep(2_000);
    expect((await query<{ status: string }>(databaseUrl, `select status from mail_log where id = '${queued!.id}'`))[0]!.status).toBe(
      "queued",
    );

    const worker = startNpmScript("worker", [], settings);
    running.push(worker);
    const sent = await waitFor(async () => {
      if (worker.child.exitCode !== null) throw new Error(`npm run worker exited (${worker.child.exitCode}):\n${worker.output()}`);
      const [row] = await query<{ status: string; attempts: number }>(
        databaseUrl,
        `select status, attempts from mail_log where id = '${queued!.id}'`,
      );
      return row!.status === "queued" ? undefined : row;
    }, "the worker to deliver the contact mail");
    expect(sent).toEqual({ status: "sent", attempts: 1 });
    // Delivered once: one message in the outbox, still one a while later.
    await sleep(3_000);
    const outbox = fs.readdirSync(path.join(dataDir, "outbox"));
    expect(outbox).toHaveLength(1);
    expect(fs.readFileSync(path.join(dataDir, "outbox", outbox[0]!), "utf8")).toContain("Is the worker running?");
    expect(worker.output()).toContain("worker process running");

    // SIGTERM to the group, as systemd or a terminal sends it: the worker finishes and exits 0
    // (npm itself then ends on the signal it received).
    worker.kill("SIGTERM");
    expect(await Promise.race([worker.exited, sleep(15_000).then(() => "still running")])).not.toBe("still running");
    expect(worker.output()).toContain("worker stopped");
    web.kill("SIGTERM");
    await web.exited;
  }, 300_000);
});

describe("the other documented commands (README, Scripts; docs/operations.md)", () => {
  it("db:migrate, db:seed, admin create and role, db:backup and db:restore each do what the docs say", async () => {
    const databaseUrl = await createDatabase("scripts_school");
    const dataDir = temporaryFolder();
    const settings = { DATABASE_URL: databaseUrl, DATA_DIR: dataDir, AUTH_SECRET, PG_BIN: postgresBinaries() };
    const run = async (script: string, args: string[] = [], env = settings) => {
      const result = await runNpmScript(script, args, env);
      expect(result.code, `npm run ${script} ${args.join(" ")}:\n${result.output}`).toBe(0);
      return result.output;
    };

    // db:migrate: every committed migration applied.
    expect(await run("db:migrate")).toContain("Migrations applied");
    const migrations = fs.readdirSync("drizzle").filter((file) => file.endsWith(".sql")).length;
    const [applied] = await query<{ count: string }>(databaseUrl, "select count(*) from drizzle.__drizzle_migrations");
    expect(Number(applied!.count)).toBe(migrations);

    // db:seed: the demo school into the empty database, and nothing more the second time.
    expect(await run("db:seed")).toContain("Demo content written");
    const [seeded] = await query<{ count: string }>(databaseUrl, "select count(*) from courses");
    expect(Number(seeded!.count)).toBeGreaterThan(0);
    expect(await run("db:seed")).toContain("nothing was added");
    expect((await query<{ count: string }>(databaseUrl, "select count(*) from courses"))[0]!.count).toBe(seeded!.count);

    // admin create / role.
    const email = "night-owner@example.com";
    await run("admin", [
      "create",
      "--email",
      email,
      "--password",
      "lantern-harbor-violet-73",
      "--name",
      "Night Owner",
      "--role",
      "super_admin",
    ]);
    expect(await query(databaseUrl, `select name, role from users where email = '${email}'`)).toEqual([
      { name: "Night Owner", role: "super_admin" },
    ]);
    expect(await run("admin", ["role", "--email", email, "--role", "user"])).toContain("now has the role user");
    expect(await query(databaseUrl, `select role from users where email = '${email}'`)).toEqual([{ role: "user" }]);

    // db:backup: one archive, readable by its owner only.
    const backups = path.join(temporaryFolder(), "backups");
    expect(await run("db:backup", ["--output", backups])).toContain("Backed up the PostgreSQL database");
    const [archive] = fs.readdirSync(backups);
    expect(archive).toMatch(/^school-.+\.tar\.gz$/);
    expect(fs.statSync(path.join(backups, archive!)).mode & 0o777).toBe(0o600);

    // db:restore: into another empty database and data folder, the school as it was.
    const restoredUrl = await createDatabase("scripts_restored");
    const restoredDir = temporaryFolder();
    await run("db:restore", [path.join(backups, archive!)], { ...settings, DATABASE_URL: restoredUrl, DATA_DIR: restoredDir });
    expect(await query(restoredUrl, `select role from users where email = '${email}'`)).toEqual([{ role: "user" }]);
    expect((await query<{ count: string }>(restoredUrl, "select count(*) from courses"))[0]!.count).toBe(seeded!.count);
    // A second restore onto what is now there is refused without --force.
    const again = await runNpmScript("db:restore", [path.join(backups, archive!)], {
      ...settings,
      DATABASE_URL: restoredUrl,
      DATA_DIR: restoredDir,
    });
    expect(again.code).toBe(1);
  }, 600_000);
});
