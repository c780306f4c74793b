import { compile } from "@tailwindcss/node";
import fs from "node:fs";
import path from "node:path";
const dir = "/work/main/app/components/ui";
const css = fs.readFileSync("/work/main/app/app.css", "utf8");
const c = await compile(css, { base: "/work/main/app", onDependency() {} });
const files = fs.readdirSync(dir).filter((f) => f.endsWith(".tsx") && !f.endsWith(".test.tsx"));
const seen = new Map();
for (const f of files) {
  const src = fs.readFileSync(path.join(dir, f), "utf8");
  for (const m of src.matchAll(/"([^"]*)"/g))
    for (const k of m[1].split(/\s+/)) if (k && !seen.has(k)) seen.set(k, f);
}
const acc = [];
let prev = c.build([]).length;
const miss = [];
for (const [k, f] of seen) {
  acc.push(k);
  const len = c.build(acc).length;
  if (len === prev) miss.push(`${f}: ${k}`);
  prev = len;
}
console.log(miss.join("\n"));
