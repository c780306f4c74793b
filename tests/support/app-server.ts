import path from "node:path";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { UNSAFE_withComponentProps, UNSAFE_withErrorBoundaryProps, UNSAFE_withHydrateFallbackProps, type ServerBuild } from "react-router";
import routeConfig from "~/routes";
import * as entryServer from "~/entry.server";
import * as rootModule from "~/root";
import { getConfig, type Config } from "~/server/platform/config.server";
import { createApp } from "../../server";

/**
 * The real Express app (server.ts) with a React Router build made in the test from the route
 * table (app/routes.ts) and the route modules themselves, so a test can ask pages over HTTP, with
 * cookies, the session middleware, status codes and server-rendered HTML, without `react-router
 * build`. Only the routes a test names (and their layouts) are loaded; the client assets in the
 * manifest are placeholders, since no browser runs them.
 */

type RouteEntry = { id?: string; file: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: RouteEntry[] };
type FlatRoute = { id: string; parentId: string | undefined; file: string; path?: string; index?: boolean; caseSensitive?: boolean };

const routeId = (entry: RouteEntry) => entry.id ?? entry.file.replace(/\.[jt]sx?$/, "");

function flatten(entries: RouteEntry[], parentId: string | undefined, wanted: (file: string) => boolean): FlatRoute[] {
  const out: FlatRoute[] = [];
  for (const entry of entries) {
    const children = flatten(entry.children ?? [], routeId(entry), wanted);
    if (!wanted(entry.file) && children.length === 0) continue;
    out.push({ id: routeId(entry), parentId, file: entry.file, path: entry.path, index: entry.index, caseSensitive: entry.caseSensitive });
    out.push(...children);
  }
  return out;
}

type Component = Parameters<typeof UNSAFE_withComponentProps>[0];

/** What React Router's Vite plugin does to a route module: its components get loaderData, params and the rest as props. */
function withRouteProps(module: Record<string, unknown>) {
  const wrapped = { ...module };
  if (module.default) wrapped.default = UNSAFE_withComponentProps(module.default as Component);
  if (module.ErrorBoundary) wrapped.ErrorBoundary = UNSAFE_withErrorBoundaryProps(module.ErrorBoundary as never);
  if (module.HydrateFallback) wrapped.HydrateFallback = UNSAFE_withHydrateFallbackProps(module.HydrateFallback as never);
  return wrapped;
}

export async function testServerBuild({ routes }: { routes: (file: string) => boolean }): Promise<ServerBuild> {
  const flat = [
    { id: "root", parentId: undefined, file: "root.tsx", path: "" } as FlatRoute,
    ...flatten(routeConfig as RouteEntry[], "root", routes),
  ];
  const modules = await Promise.all(
    flat.map(async (route) =>
      route.id === "root" ? rootModule : await import(/* @vite-ignore */ path.resolve(import.meta.dirname, "../../app", route.file)),
    ),
  );
  const serverRoutes: ServerBuild["routes"] = {};
  const manifestRoutes: Record<string, unknown> = {};
  flat.forEach((route, index) => {
    const module = withRouteProps(modules[index] as Record<string, unknown>);
    const { file: _file, ...shape } = route;
    serverRoutes[route.id] = { ...shape, module: module as never };
    manifestRoutes[route.id] = {
      ...shape,
      hasAction: "action" in module,
      hasLoader: "loader" in module,
      hasClientAction: false,
      hasClientLoader: false,
      hasClientMiddleware: false,
      hasDefaultExport: "default" in module,
      hasErrorBoundary: "ErrorBoundary" in module,
      module: `/assets/${route.id}.js`,
      imports: [],
      css: [],
    };
  });
  return {
    entry: { module: entryServer as never },
    routes: serverRoutes,
    assets: {
      entry: { module: "/assets/entry.client.js", imports: [] },
      routes: manifestRoutes,
      url: "/assets/manifest.js",
      version: "test",
    } as never,
    basename: "/",
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: {
      v8_middleware: true,
      v8_splitRouteModules: true,
      v8_viteEnvironmentApi: true,
      v8_passThroughRequests: true,
      v8_trailingSlashAwareDataRequests: true,
    } as never,
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "initial", manifestPath: "/__manifest" },
  };
}

/** Starts server.ts's app on 127.0.0.1 with those routes (and the test's configuration, unless given); `app` is the Express app, `close` stops it. */
export async function startAppServer({ routes, config = getConfig() }: { routes: (file: string) => boolean; config?: Config }) {
  const build = await testServerBuild({ routes });
  const app = createApp({ config, build });
  const server: Server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, app, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
