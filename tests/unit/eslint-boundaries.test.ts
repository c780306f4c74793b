import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";
import routes from "~/routes";

// The boundary rules of eslint.config.js, run on made-up files through ESLint's own API: the
// same config `npm run lint` uses, so a change there that opens the boundary fails here.

const root = path.resolve(import.meta.dirname, "../..");
const BOUNDARY_RULES = ["@typescript-eslint/no-restricted-imports", "@typescript-eslint/no-import-type-side-effects"];

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

/** The boundary rules that fire on `code` saved as `file` (a path from the repository root), each once. */
async function boundaryErrors(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return [...new Set(result!.messages.map((message) => message.ruleId ?? "").filter((rule) => BOUNDARY_RULES.includes(rule)))];
}

describe("client code", () => {
  it.each([
    [
      "a component (the old post-schema.ts)",
      "app/components/admin/post-schema.ts",
      'import { posts } from "~/server/db/schema";\nexport const table = posts;',
    ],
    [
      "a component, by a relative path",
      "app/components/admin/example.tsx",
      'import { posts } from "../../server/db/schema";\nexport const table = posts;',
    ],
    [
      "a component, a *.server module",
      "app/components/example.tsx",
      'import { runPostEditorAction } from "~/routes/admin/post-editor.server";\nexport const run = runPostEditorAction;',
    ],
    ["app/lib", "app/lib/example.ts", 'import { getConfig } from "~/server/platform/config.server";\nexport const config = getConfig;'],
    ["a helper beside a route", "app/routes/auth/example-forms.ts", 'import { db } from "./example.server";\nexport const database = db;'],
    ["a re-export", "app/lib/example.ts", 'export { posts } from "~/server/db/schema";'],
  ])("may not import server code: %s", async (_name, file, code) => {
    expect(await boundaryErrors(file, code)).toEqual(["@typescript-eslint/no-restricted-imports"]);
  });

  it("may import types from server code, which the build erases", async () => {
    const code = 'import type { CourseCard } from "~/server/courses/course-cards.server";\nexport type Card = CourseCard;';
    expect(await boundaryErrors("app/components/example-card.tsx", code)).toEqual([]);
  });

  it("may not write a type import that leaves the module behind (`import { type X }`)", async () => {
    const code = 'import { type CourseCard } from "~/server/courses/course-cards.server";\nexport type Card = CourseCard;';
    expect(await boundaryErrors("app/components/example-card.tsx", code)).toEqual(["@typescript-eslint/no-import-type-side-effects"]);
  });

  it("may import app/lib, other components and packages named like servers", async () => {
    const code = [
      'import { LEVELS } from "~/lib/domain-values";',
      'import { Button } from "~/components/ui/button";',
      'import { renderToString } from "react-dom/server";',
      "export const all = [LEVELS, Button, renderToString];",
    ].join("\n");
    expect(await boundaryErrors("app/components/example-card.tsx", code)).toEqual([]);
  });
});

describe("route modules", () => {
  const serverImports =
    'import { listCatalogCourses } from "~/server/courses/catalog.server";\nimport { posts } from "~/server/db/schema";\nexport const all = [listCatalogCourses, posts];';

  /** Every module file in app/routes.ts, e.g. "app/routes/catalog/catalog.tsx". */
  function routeFiles(entries: RouteConfigEntry[]): string[] {
    return entries.flatMap((entry) => [`app/${entry.file}`, ...routeFiles(entry.children ?? [])]);
  }

  it("may import server code: React Router keeps loaders and actions out of the browser", async () => {
    expect(await boundaryErrors("app/routes/catalog/catalog.tsx", serverImports)).toEqual([]);
  });

  it("are every file app/routes.ts names, and root.tsx", async () => {
    const files = ["app/root.tsx", ...new Set(routeFiles(routes))];
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) expect({ file, errors: await boundaryErrors(file, serverImports) }).toEqual({ file, errors: [] });
  });

  it("are only the files app/routes.ts names: a component beside a route is checked", async () => {
    expect(await boundaryErrors("app/routes/account/account-courses.tsx", serverImports)).toEqual([
      "@typescript-eslint/no-restricted-imports",
    ]);
  });
});

describe("server code", () => {
  it.each([
    ["a component", 'import { Button } from "~/components/ui/button";\nexport const button = Button;'],
    ["a component's type", 'import type { ButtonProps } from "~/components/ui/button";\nexport type Props = ButtonProps;'],
    ["a component, by a relative path", 'import { Button } from "../components/ui/button";\nexport const button = Button;'],
    ["a route", 'import { loader } from "~/routes/catalog/catalog";\nexport const load = loader;'],
    // `npm run worker` runs server code under plain tsx, which has no loader for these (issue 36).
    ["a file as text through Vite's ?raw", 'import text from "./common-passwords.txt?raw";\nexport const list = text;'],
  ])("may not import %s", async (_name, code) => {
    expect(await boundaryErrors("app/server/example.server.ts", code)).toEqual(["@typescript-eslint/no-restricted-imports"]);
  });

  it("may import app/lib and other server modules", async () => {
    const code =
      'import { ROLES } from "~/lib/domain-values";\nimport { posts } from "~/server/db/schema";\nexport const all = [ROLES, posts];';
    expect(await boundaryErrors("app/server/example.server.ts", code)).toEqual([]);
  });
});

// Thin routes (tools/eslint/route-server-imports.js, decision 043): a route module reaches server
// code only through its own ./<name>.server file, where its loader and action live.
describe("thin routes", () => {
  async function thinRouteErrors(file: string, code: string) {
    const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
    return result!.messages.filter((message) => message.ruleId === "local/route-server-imports").map((message) => message.message);
  }

  it.each([
    [
      "a domain module",
      "app/routes/admin/users.tsx",
      'import { requireAdmin } from "~/server/auth/guards.server";\nexport const guard = requireAdmin;',
    ],
    [
      "the schema, by a relative path",
      "app/routes/admin/users.tsx",
      'import { users } from "../../server/db/schema";\nexport const table = users;',
    ],
    ["another route's server file", "app/routes/admin/users.tsx", 'import { loader } from "./orders.server";\nexport const load = loader;'],
    [
      "its own server file, by the alias",
      "app/routes/admin/users.tsx",
      'import { loader } from "~/routes/admin/users.server";\nexport const load = loader;',
    ],
    ["a re-export in a resource route", "app/routes/resources/blog-rss.ts", 'export { loader } from "~/server/posts/public-posts.server";'],
    [
      "a type written inline, which leaves the module behind",
      "app/routes/admin/users.tsx",
      'import { type Config } from "~/server/platform/config.server";\nexport type C = Config;',
    ],
  ])("may not import server code except through its own .server file: %s", async (_name, file, code) => {
    const errors = await thinRouteErrors(file, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(`"./${path.basename(file).replace(/\.tsx?$/, "")}.server"`);
  });

  it("may import its own .server file, types, app/lib, components and the forms beside it", async () => {
    const code = [
      'import type { Config } from "~/server/platform/config.server";',
      'import { formatDate } from "~/lib/dates";',
      'import { Button } from "~/components/ui/button";',
      'import { userListForm } from "./user-form";',
      'export { loader, action } from "./users.server";',
      "export const all = [formatDate, Button, userListForm];",
      "export type C = Config;",
    ].join("\n");
    expect(await thinRouteErrors("app/routes/admin/users.tsx", code)).toEqual([]);
    expect(await thinRouteErrors("app/routes/resources/blog-rss.ts", 'export { loader } from "./blog-rss.server";')).toEqual([]);
  });

  it("applies to route modules only: a .server file may import any server code", async () => {
    expect(
      await thinRouteErrors("app/routes/admin/users.server.ts", 'export { requireAdmin } from "~/server/auth/guards.server";'),
    ).toEqual([]);
  });
});
