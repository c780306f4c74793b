import fs from "node:fs";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
const chrome = await chromeLauncher.launch({ chromePath: "/usr/bin/chromium", chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run"] });
const r = await lighthouse("http://127.0.0.1:4390" + process.argv[2], { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"] });
fs.writeFileSync("/tmp/lh.json", JSON.stringify(r!.lhr));
chrome.kill();
