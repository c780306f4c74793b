import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
const chrome = await chromeLauncher.launch({ chromePath: "/usr/bin/chromium", chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run"] });
for (const p of process.argv.slice(2)) {
  const r = await lighthouse("http://127.0.0.1:4390" + p, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"] });
  const a = r!.lhr.audits;
  console.log(p, "perf", r!.lhr.categories.performance.score, "CLS", a["cumulative-layout-shift"].displayValue, "FCP", a["first-contentful-paint"].displayValue, "LCP", a["largest-contentful-paint"].displayValue, "TBT", a["total-blocking-time"].displayValue);
  const items = (a["layout-shifts"]?.details as any)?.items ?? [];
  for (const it of items) console.log("  shift", it.score?.toFixed?.(3), JSON.stringify(it.node?.snippet ?? "").slice(0, 120), JSON.stringify(it.subItems?.items?.map((s: any) => s.cause ?? s.extra?.value) ?? []).slice(0, 200));
}
chrome.kill();
