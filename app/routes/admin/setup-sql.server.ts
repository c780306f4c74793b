import fs from "node:fs/promises";
import path from "node:path";
import { getConfig } from "~/server/platform/config.server";
import type { Route } from "./+types/setup-sql";
import { requireAdmin } from "~/server/auth/guards.server";

export type SqlFile = { name: string; sql: string };

/** The committed migrations, in the order they run: the schema's reference SQL, read-only. */
export async function readSetupSql({ folder = getConfig().migrationsDir }: { folder?: string } = {}): Promise<SqlFile[]> {
  const names = (await fs.readdir(folder)).filter((name) => name.endsWith(".sql")).sort();
  return Promise.all(names.map(async (name) => ({ name, sql: await fs.readFile(path.join(folder, name), "utf8") })));
}

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin({ request, context });
  return { files: await readSetupSql() };
}
