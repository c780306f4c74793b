import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  // With the Vite environment API the custom server entry belongs to the ssr environment;
  // the top-level build.rollupOptions would be ignored.
  environments: {
    ssr: { build: { rollupOptions: { input: "./server.ts" } } },
  },
  // The crash-safety test's pause points (app/server/crash-points.server.ts) exist only in a build
  // made with CRASH_POINTS=1; any other build has them compiled out.
  define: { "process.env.CRASH_POINTS_BUILD": JSON.stringify(process.env.CRASH_POINTS === "1" ? "1" : "") },
  ssr: { external: ["@electric-sql/pglite", "sharp", "postgres"] },
  plugins: [tailwindcss(), reactRouter()],
});
