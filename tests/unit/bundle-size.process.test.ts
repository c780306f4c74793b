import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error: a plain JavaScript script (it runs right after the build, before anything is compiled)
import { bundleProblems, measurePublicPages, PUBLIC_PAGE_BUDGET_KB } from "../../scripts/check-bundle-size.mjs";
import { BUILD_DIR, ensureProductionBuild } from "../support/processes";

type Page = { id: string; path: string; bytes: number; files: string[]; problems: string[] };
const measure = measurePublicPages as (buildDir: string) => Page[];
const problemsOf = bundleProblems as (pages: Page[], budgetKb?: number) => string[];

beforeAll(() => ensureProductionBuild(), 600_000);

describe("the JavaScript of public pages (the production build)", () => {
  it(`stays within ${PUBLIC_PAGE_BUDGET_KB} KB gzip on every page outside the admin, with no zod, Markdown, admin code or React DOM client`, () => {
    const pages = measure(BUILD_DIR);
    console.info(pages.map((page) => `${(page.bytes / 1024).toFixed(1)} KB ${page.id}`).join("\n"));
    // The pages a launch sends visitors to are all measured.
    for (const id of [
      "routes/marketing/home",
      "routes/catalog/catalog",
      "routes/catalog/course-detail",
      "routes/blog/blog-post",
      "routes/learn/lesson",
      "routes/account/account",
    ]) {
      expect(pages.map((page) => page.id)).toContain(id);
    }
    expect(pages.some((page) => page.id.startsWith("routes/admin/"))).toBe(false);
    expect(problemsOf(pages)).toEqual([]);
  });
});

describe("the bundle check itself", () => {
  /** A made-up build: a root, a public page and an admin page, with whatever chunks the case needs. */
  function fakeBuild(chunks: Record<string, string>, pageImports: string[]) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bundle-check-"));
    fs.mkdirSync(path.join(dir, "client", "assets"), { recursive: true });
    for (const [name, text] of Object.entries(chunks)) fs.writeFileSync(path.join(dir, "client", "assets", name), text);
    const route = (id: string, module: string, imports: string[] = [], parentId?: string) => ({
      id,
      parentId,
      path: id,
      module,
      imports,
      hasDefaultExport: true,
    });
    const manifest = {
      entry: { module: "/assets/entry.js", imports: [] },
      routes: {
        root: route("root", "/assets/root.js"),
        "routes/marketing/home": route("routes/marketing/home", "/assets/home.js", pageImports, "root"),
        "routes/admin/blog": route("routes/admin/blog", "/assets/admin-blog.js", [], "root"),
      },
    };
    fs.writeFileSync(path.join(dir, "client", "assets", "manifest-test.js"), `window.__reactRouterManifest=${JSON.stringify(manifest)};`);
    return dir;
  }
  const base = { "entry.js": "export{}", "root.js": "export{}", "home.js": "export{}", "admin-blog.js": "export{}" };

  it("refuses a page that loads zod, hls.js or the toaster up front, React's DOM client, an admin module, or more than the budget", () => {
    const zod = fakeBuild({ ...base, "schemas.js": "class ZodError extends Error{}" }, ["/assets/schemas.js"]);
    expect(problemsOf(measure(zod))).toEqual(["routes/marketing/home: loads zod (/assets/schemas.js)"]);
    const hls = fakeBuild({ ...base, "hls.js": 'const Events={MANIFEST_LOADING:"hlsManifestLoading"}' }, ["/assets/hls.js"]);
    expect(problemsOf(measure(hls))).toEqual(["routes/marketing/home: loads hls.js (/assets/hls.js)"]);
    const sonner = fakeBuild({ ...base, "sonner.js": 'e.setAttribute("data-sonner-toaster","")' }, ["/assets/sonner.js"]);
    expect(problemsOf(measure(sonner))).toEqual(["routes/marketing/home: loads the toaster (sonner) (/assets/sonner.js)"]);
    const reactDom = fakeBuild({ ...base, "react-dom.js": 'const n="__reactContainer$"+Math.random()' }, ["/assets/react-dom.js"]);
    expect(problemsOf(measure(reactDom))).toEqual(["routes/marketing/home: loads React's DOM client (/assets/react-dom.js)"]);
    const admin = fakeBuild(base, ["/assets/admin-blog.js"]);
    expect(problemsOf(measure(admin))).toEqual(["routes/marketing/home: loads an admin route's module (/assets/admin-blog.js)"]);
    // Random bytes do not compress: 8 KB of them is over a 4 KB budget.
    const heavy = fakeBuild({ ...base, "big.js": Buffer.from(crypto.getRandomValues(new Uint8Array(8192))).toString("base64") }, [
      "/assets/big.js",
    ]);
    expect(problemsOf(measure(heavy), 4)[0]).toMatch(/^routes\/marketing\/home: \d+\.\d KB of JavaScript \(gzip\), over the 4 KB budget$/);
    expect(problemsOf(measure(fakeBuild(base, [])))).toEqual([]);
  });
});
