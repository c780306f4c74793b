// Lets a benchmark run under tsx import what Vite imports as text (`./file.txt?raw`), so it can
// call domain functions whose imports reach such a file (the common-password list).
import { register } from "node:module";

register(
  `data:text/javascript,${encodeURIComponent(`
import fs from "node:fs";
export async function load(url, context, nextLoad) {
  const file = url.replace(/\\?raw$/, "");
  if (file.endsWith(".txt")) {
    const text = fs.readFileSync(new URL(file), "utf8");
    return { format: "module", shortCircuit: true, source: "export default " + JSON.stringify(text) + ";" };
  }
  return nextLoad(url, context);
}`)}`,
  import.meta.url,
);
