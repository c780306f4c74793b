import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { cruise, type ICruiseResult } from "dependency-cruiser";
import { describe, expect, it } from "vitest";

// No import cycle under app/server (docs/decisions/043): a module that imports, through any
// chain, a module that imports it back runs with half its imports still undefined, and the two
// cannot be understood (or moved) apart. dependency-cruiser reads the imports the way the build
// does: `~/` through tsconfig.json's paths, type-only imports dropped (they are erased).

const root = path.resolve(import.meta.dirname, "../..");

/** Every import cycle among the modules under `directory`, each as the files on it, in order. */
async function importCycles(directory: string, cwd: string) {
  const { output } = await cruise(
    [directory],
    {
      baseDir: cwd,
      tsConfig: { fileName: path.join(cwd, "tsconfig.json") },
      tsPreCompilationDeps: false,
      doNotFollow: { path: "node_modules" },
      includeOnly: `^${directory}/`,
      exclude: { path: "\\.test\\.tsx?$" },
      validate: true,
      ruleSet: { forbidden: [{ name: "no-cycle", severity: "error", from: {}, to: { circular: true } }] },
    },
    undefined,
    { tsConfig: { options: { baseUrl: cwd, paths: { "~/*": ["./app/*"] } } } },
  );
  const result = output as ICruiseResult;
  return result.summary.violations.map((violation) => [violation.from, ...(violation.cycle ?? []).map((step) => step.name)]);
}

describe("import cycles", () => {
  it("app/server has none", { timeout: 120_000 }, async () => {
    expect(await importCycles("app/server", root)).toEqual([]);
  });

  it("are found through the ~/ alias, and a cycle of type imports alone is none", { timeout: 60_000 }, async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "import-cycles-"));
    fs.mkdirSync(path.join(dir, "app/server/mail"), { recursive: true });
    fs.mkdirSync(path.join(dir, "app/server/auth"), { recursive: true });
    fs.writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions: { baseUrl: ".", paths: { "~/*": ["./app/*"] } } }));
    fs.writeFileSync(
      path.join(dir, "app/server/auth/auth.server.ts"),
      'import { sendMail } from "~/server/mail/mail-queue.server";\nimport type { Auth } from "../types.server";\nexport const auth = () => sendMail();\nexport type Again = Auth;\n',
    );
    fs.writeFileSync(
      path.join(dir, "app/server/mail/mail-queue.server.ts"),
      'import { secret } from "./unsubscribe.server";\nexport const sendMail = () => secret;\n',
    );
    fs.writeFileSync(
      path.join(dir, "app/server/mail/unsubscribe.server.ts"),
      'import { auth } from "../auth/auth.server";\nexport const secret = String(auth);\n',
    );
    // A cycle of type-only imports (auth.server <-> types.server) is erased at build: not reported.
    fs.writeFileSync(
      path.join(dir, "app/server/types.server.ts"),
      'import type { auth } from "./auth/auth.server";\nexport type Auth = typeof auth;\n',
    );
    try {
      const cycles = await importCycles("app/server", dir);
      expect(cycles.length).toBeGreaterThan(0);
      expect(new Set(cycles.flat())).toEqual(
        new Set(["app/server/auth/auth.server.ts", "app/server/mail/mail-queue.server.ts", "app/server/mail/unsubscribe.server.ts"]),
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
