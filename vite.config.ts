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
  ssr: { external: ["@electric-sql/pglite", "sharp", "postgres"] },
  plugins: [tailwindcss(), reactRouter()],
});
