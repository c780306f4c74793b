// Module hooks for running the app's TypeScript under plain Node (with tsx) outside Vite, as
// tests/support/app-instance.ts does: a stylesheet import, or any file's `?url` (the stylesheets,
// hls.js's worker), is nothing on the server, and `?raw` gives a file's text, as Vite does.
import fs from "node:fs";

export async function resolve(specifier, context, next) {
  if (specifier.endsWith(".css") || specifier.endsWith("?url")) return { url: "data:text/javascript,export default ''", shortCircuit: true };
  if (specifier.endsWith("?raw")) {
    const resolved = await next(specifier.slice(0, -"?raw".length), context);
    return { url: `${resolved.url}?raw`, shortCircuit: true };
  }
  return next(specifier, context);
}

export async function load(url, context, next) {
  if (url.endsWith("?raw")) {
    const text = fs.readFileSync(new URL(url.slice(0, -"?raw".length)), "utf8");
    return { format: "module", source: `export default ${JSON.stringify(text)};`, shortCircuit: true };
  }
  return next(url, context);
}
