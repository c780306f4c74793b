import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Several builds can live side by side (the e2e suite builds into its own folder).
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // Every page loads the whole route manifest (about 6 KB gzip) instead of asking for the routes its
  // links lead to after it hydrates, which re-rendered the whole page once more (decision 038).
  routeDiscovery: { mode: "initial" },
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
