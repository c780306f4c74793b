// `npm run bench:lighthouse`: Lighthouse 12 (mobile: its default emulation and simulated slow 4G
// and CPU) in Debian's Chromium against a production start on the demo school, on the home page,
// the catalog, a course, a blog post and a free-preview lesson. Each page runs BENCH_RUNS times
// (3); the table shows the median run by performance score, with the targets beside it.
// Prints the table and appends it to bench/RESULTS.md. Asserts nothing.
//
//   CHROMIUM_PATH=/usr/bin/chromium   BENCH_PORT=4330   BENCH_RUNS=3
//   BENCH_SMOKE=1          a run that checks the command works (one run of the home page); appends nowhere
//   BENCH_RESULTS_FILE=…   append to this file instead of bench/RESULTS.md
import os from "node:os";
import path from "node:path";
import { execSync } from "node:child_process";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { appendResults, benchSetting, SMOKE, startBenchServer } from "./bench-support";

const RUNS = benchSetting("BENCH_RUNS", 3, 1);
const PORT = Number(process.env.BENCH_PORT ?? 4330);
const APP_DIR = path.resolve(import.meta.dirname, "..");
const ALL_PAGES = [
  { name: "home", path: "/" },
  { name: "catalog", path: "/courses" },
  { name: "course page", path: "/courses/shopify-101" },
  { name: "blog post", path: "/blog/ship-before-you-feel-ready" },
  { name: "preview lesson", path: "/courses/shopify-101/lessons/welcome-and-roadmap" },
];
const PAGES = SMOKE ? ALL_PAGES.slice(0, 1) : ALL_PAGES;

type Run = { performance: number; bestPractices: number; lcpMs: number; cls: number; tbtMs: number; jsKb: number };

async function measure(url: string, port: number): Promise<Run | null> {
  const result = await lighthouse(url, { port, output: "json", logLevel: "error", onlyCategories: ["performance", "best-practices"] });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { categories, audits, runtimeError } = result.lhr;
  // A run Lighthouse could not finish (its runtimeError, a null score) is not a score of 0.
  if (runtimeError || categories.performance?.score == null) {
    console.warn(`Lighthouse did not finish ${url} (${runtimeError?.code ?? "no performance score"}); running it again`);
    return null;
  }
  const requests = (audits["network-requests"]?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? [];
  return {
    performance: Math.round((categories.performance?.score ?? 0) * 100),
    bestPractices: Math.round((categories["best-practices"]?.score ?? 0) * 100),
    lcpMs: audits["largest-contentful-paint"]?.numericValue ?? NaN,
    cls: audits["cumulative-layout-shift"]?.numericValue ?? NaN,
    tbtMs: audits["total-blocking-time"]?.numericValue ?? NaN,
    jsKb: requests.filter((item) => item.resourceType === "Script").reduce((sum, item) => sum + (item.transferSize ?? 0), 0) / 1024,
  };
}

const median = (runs: Run[]) => [...runs].sort((a, b) => a.performance - b.performance)[Math.floor(runs.length / 2)]!;
const mark = (met: boolean) => (met ? "met" : "**missed**");

const { base, stop } = await startBenchServer({ appDir: APP_DIR, port: PORT, databaseUrl: "" });
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update"],
});
const rows: string[] = [];
try {
  for (const page of PAGES) {
    const runs: Run[] = [];
    // A first visit warms the server's page cache, as a launch's first visitor would.
    await fetch(`${base}${page.path}`);
    let failed = 0;
    // A single run (BENCH_RUNS=1, the smoke run) may still be repeated once.
    while (runs.length < RUNS && failed < Math.max(RUNS, 2)) {
      const run = await measure(`${base}${page.path}`, chrome.port);
      if (run) runs.push(run);
      else failed++;
    }
    if (runs.length === 0) throw new Error(`Lighthouse could not finish a run of ${page.path}`);
    const m = median(runs);
    const row = [
      page.name,
      `\`${page.path}\``,
      `${m.performance} (${mark(m.performance >= 95)})`,
      `${(m.lcpMs / 1000).toFixed(2)} s (${mark(m.lcpMs <= 1500)})`,
      `${m.cls.toFixed(3)} (${mark(m.cls <= 0.02)})`,
      `${Math.round(m.tbtMs)} ms (${mark(m.tbtMs <= 100)})`,
      `${m.bestPractices} (${mark(m.bestPractices === 100)})`,
      `${m.jsKb.toFixed(0)} KB`,
      runs.map((r) => r.performance).join(", ") + (failed ? ` (${failed} unfinished run${failed > 1 ? "s" : ""} repeated)` : ""),
    ];
    rows.push(`| ${row.join(" | ")} |`);
    console.log(rows.at(-1));
  }
} finally {
  chrome.kill();
  await stop();
}

const chromium = (() => {
  try {
    return execSync(`${process.env.CHROMIUM_PATH ?? "/usr/bin/chromium"} --version`, { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return "Chromium";
  }
})();
const commit = (() => {
  try {
    return execSync("git log -1 --format='%h %s'", { encoding: "utf8" }).trim();
  } catch {
    return "";
  }
})();
const table = [
  "",
  `## Lighthouse (\`npm run bench:lighthouse\`), ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC`,
  "",
  `Lighthouse 12, mobile (its default emulation and simulated throttling), ${chromium}, median of ${RUNS} by performance; PGlite,`,
  `${os.cpus()[0]?.model ?? "CPU"} × ${os.cpus().length}, Node ${process.version}. Code: ${commit}. JS is what the page transferred (compressed).`,
  "",
  "| page | path | performance ≥ 95 | LCP ≤ 1.5 s | CLS ≤ 0.02 | TBT ≤ 100 ms | best practices 100 | JS | performance of each run |",
  "|---|---|---|---|---|---|---|---:|---|",
  ...rows,
  "",
].join("\n");
console.log(table);
appendResults(table);
