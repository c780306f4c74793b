// The JavaScript a visitor's browser loads for each public page, from a production build's route
// manifest: the entry, and every route module (with its imports) from the root down to the page,
// gzipped. Fails when a page is over the budget, or when a public page loads what only the server
// or the admin needs (zod, the Markdown pipeline, admin routes) or what loads only when used (hls.js, the toaster). Sizes are deterministic, so this
// check may fail the build: `npm run build` runs it, and so does the test suite.
// Plain JavaScript so it runs right after `react-router build`.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import zlib from "node:zlib";

/** Kilobytes (gzip) a page outside the admin may load: issue 21's goal (see README, Performance). */
export const PUBLIC_PAGE_BUDGET_KB = 120;

/** What must never reach a public page, told by text only its code contains. */
const FORBIDDEN = [
  { what: "zod", pattern: /\bZodError\b|\$ZodType/ },
  { what: "the Markdown pipeline", pattern: /micromark|mdast-util/ },
  // The lesson player imports hls.js when a stream plays (docs/decisions/026), never up front.
  { what: "hls.js", pattern: /hlsManifestLoading/ },
  // The toaster loads with the first toast a page shows (components/ui/toast-queue.ts).
  { what: "the toaster (sonner)", pattern: /data-sonner-toaster/ },
  // The browser build runs on Preact (docs/decisions/037); React's DOM client alone is 65 KB.
  { what: "React's DOM client", pattern: /__reactContainer\$/ },
];

const isAdminRoute = (id) => /^routes\/(admin|resources)\//.test(id) || id.includes("/admin");

function readManifest(buildDir) {
  const assets = path.join(buildDir, "client", "assets");
  const file = fs.readdirSync(assets).find((name) => name.startsWith("manifest-") && name.endsWith(".js"));
  if (!file) throw new Error(`No route manifest in ${assets}: build the site first (npm run build).`);
  const text = fs.readFileSync(path.join(assets, file), "utf8");
  return { file: `/assets/${file}`, manifest: JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1)) };
}

/** Every public page route with the files it loads and their gzip size in bytes. */
export function measurePublicPages(buildDir) {
  const { file: manifestFile, manifest } = readManifest(buildDir);
  const routes = manifest.routes;
  const adminModules = new Set(
    Object.values(routes)
      .filter((route) => isAdminRoute(route.id))
      .map((route) => route.module),
  );
  const sizes = new Map();
  const gzipSize = (file) => {
    if (!sizes.has(file)) sizes.set(file, zlib.gzipSync(fs.readFileSync(path.join(buildDir, "client", file))).length);
    return sizes.get(file);
  };
  const pages = [];
  for (const route of Object.values(routes)) {
    // Pages only: a resource route (sitemap, feeds, APIs) has no component and sends no JavaScript.
    if (isAdminRoute(route.id) || !route.hasDefaultExport) continue;
    // Every page loads the route manifest itself: the site knows its routes up front (decision 038).
    const files = new Set([manifestFile, manifest.entry.module, ...manifest.entry.imports]);
    for (let current = route; current; current = routes[current.parentId]) {
      files.add(current.module);
      for (const file of current.imports ?? []) files.add(file);
    }
    const problems = [];
    for (const file of files) {
      if (adminModules.has(file)) problems.push(`loads an admin route's module (${file})`);
      const text = fs.readFileSync(path.join(buildDir, "client", file), "utf8");
      for (const { what, pattern } of FORBIDDEN) if (pattern.test(text)) problems.push(`loads ${what} (${file})`);
    }
    const bytes = [...files].reduce((total, file) => total + gzipSize(file), 0);
    pages.push({ id: route.id, path: `/${route.path ?? ""}`, bytes, files: [...files], problems });
  }
  return pages.sort((a, b) => b.bytes - a.bytes);
}

/** Every page over the budget or loading what it must not, as messages; empty when all is well. */
export function bundleProblems(pages, budgetKb = PUBLIC_PAGE_BUDGET_KB) {
  return pages.flatMap((page) => [
    ...(page.bytes > budgetKb * 1024
      ? [`${page.id}: ${(page.bytes / 1024).toFixed(1)} KB of JavaScript (gzip), over the ${budgetKb} KB budget`]
      : []),
    ...page.problems.map((problem) => `${page.id}: ${problem}`),
  ]);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
  const pages = measurePublicPages(buildDir);
  for (const page of pages) console.log(`${(page.bytes / 1024).toFixed(1).padStart(7)} KB  ${page.id}`);
  const problems = bundleProblems(pages);
  if (problems.length > 0) {
    console.error(`\nPublic pages' JavaScript:\n${problems.map((problem) => `  ${problem}`).join("\n")}`);
    process.exit(1);
  }
  console.log(
    `\nEvery page outside the admin loads at most ${PUBLIC_PAGE_BUDGET_KB} KB of JavaScript (gzip), with no zod, Markdown, admin code or React DOM client.`,
  );
}
