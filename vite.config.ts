import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

/**
 * The browser build runs the site's React code on Preact (docs/decisions/037): its compat layer
 * is about 12 KB gzip where React's DOM client is 65 KB. The server keeps React for rendering, and
 * `npm run dev` keeps it in the browser too.
 */
const BROWSER_REACT: Record<string, string> = {
  react: "preact/compat",
  "react-dom": "preact/compat",
  "react-dom/client": "preact/compat/client",
  "react/jsx-runtime": "preact/jsx-runtime",
};

function preactInTheBrowser(): Plugin {
  return {
    name: "preact-in-the-browser",
    apply: "build",
    enforce: "pre",
    resolveId(source, importer, options) {
      const target = this.environment.name === "client" ? BROWSER_REACT[source] : undefined;
      return target ? this.resolve(target, importer, { ...options, skipSelf: true }) : null;
    },
  };
}

export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  // With the Vite environment API the custom server entry belongs to the ssr environment;
  // the top-level build.rollupOptions would be ignored.
  environments: {
    ssr: { build: { rollupOptions: { input: "./server.ts" } } },
  },
  // The crash-safety test's pause points (app/server/platform/crash-points.server.ts) exist only in a build
  // made with CRASH_POINTS=1; any other build has them compiled out.
  define: { "process.env.CRASH_POINTS_BUILD": JSON.stringify(process.env.CRASH_POINTS === "1" ? "1" : "") },
  ssr: { external: ["@electric-sql/pglite", "sharp", "postgres"] },
  plugins: [preactInTheBrowser(), tailwindcss(), reactRouter()],
});
