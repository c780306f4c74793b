// Module hooks for running the app's TypeScript under plain Node (with tsx) outside Vite, as
// tests/support/app-instance.ts does: a stylesheet import, or any file's `?url` (the stylesheets,
// hls.js's worker), is nothing on the server. (Server code imports no `?raw` text: `npm run
// worker` and the other scripts run under plain tsx, without these hooks.)
export async function resolve(specifier, context, next) {
  if (specifier.endsWith(".css") || specifier.endsWith("?url")) return { url: "data:text/javascript,export default ''", shortCircuit: true };
  return next(specifier, context);
}
