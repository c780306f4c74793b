// `npm run dev`: the same Express app as production, with Vite's dev server for hot reload.
import express from "express";
import { createServer } from "vite";
import type { ServerBuild } from "react-router";
import type * as ServerEntry from "../server";

process.env.NODE_ENV ??= "development";

type ServerModule = typeof ServerEntry;

const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
const load = () => vite.ssrLoadModule("./server.ts") as Promise<ServerModule>;

const first = await load();
try {
  await first.prepareRuntime();
  const setup = first.getOwnerSetupNotice();
  if (setup) console.log(`\nNo admin account yet: create the owner account at ${setup.url} with the setup code ${setup.code}\n`);
} catch (error) {
  console.error(`\n${(error as Error).message}\n`);
  await vite.close();
  process.exit(1);
}

// One Express app per version of server.ts: rebuilt when that module (or what it imports) changes.
const apps = new WeakMap<ServerModule["createApp"], express.Express>();
const app = express();
app.use(vite.middlewares);
app.use(async (req, res, next) => {
  try {
    const { createApp } = await load();
    let current = apps.get(createApp);
    if (!current) {
      current = createApp({ build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild> });
      apps.set(createApp, current);
    }
    current(req, res, next);
  } catch (error) {
    if (error instanceof Error) vite.ssrFixStacktrace(error);
    next(error);
  }
});

const { getConfig } = await import("../app/server/platform/config.server");
const config = getConfig();
app.listen(config.port, config.host, () => console.log(`Dev server on ${config.publicUrl}`));
