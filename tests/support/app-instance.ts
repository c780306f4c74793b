// One app instance in a process of its own, for tests that need several (the page cache across
// instances): `node --import tsx --import ./tests/support/register-asset-hooks.mjs
// tests/support/app-instance.ts` with DATABASE_URL and the rest in the environment. It prepares
// the database as `npm start` does, serves the public and admin pages on a free port of 127.0.0.1
// and prints `{"base": "http://127.0.0.1:…"}` on one line, with `ownerSetupCode` when it printed
// a first-run code (no admin yet) as `npm start` does.
import { getOwnerSetupNotice, prepareRuntime } from "~/server/platform/runtime.server";
import { startAppServer } from "./app-server";

await prepareRuntime();
const app = await startAppServer({ routes: (file) => !file.startsWith("routes/checkout/") });
process.stdout.write(`${JSON.stringify({ base: app.base, ownerSetupCode: getOwnerSetupNotice()?.code })}\n`);
process.on("SIGTERM", () => {
  void app.close().finally(() => process.exit(0));
});
