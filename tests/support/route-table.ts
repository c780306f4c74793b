import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routeConfig from "~/routes";

type Handler = (args: never) => unknown;
export type RouteModule = { loader?: Handler; action?: Handler; default?: unknown };
export type TableRoute = { pattern: string; file: string; module: RouteModule };

/** Route files in app/routes.ts are relative to app/. */
export const APP_DIR = path.resolve(import.meta.dirname, "../../app");
// The file names are only known at run time, so Vite cannot (and need not) bundle these imports.
export const importRouteModule = (file: string) => import(/* @vite-ignore */ file) as Promise<RouteModule>;

/** Every entry of the route table with its full path pattern, e.g. "/admin/blog/:id/edit". */
export function flattenRoutes(entries: RouteConfigEntry[], parent = "/"): { pattern: string; file: string }[] {
  return entries.flatMap((entry) => {
    // A layout or an index route has no path of its own: it answers at its parent's.
    const pattern = entry.path ? `${parent.replace(/\/$/, "")}/${entry.path}` : parent;
    return [{ pattern, file: entry.file }, ...flattenRoutes(entry.children ?? [], pattern)];
  });
}

/**
 * The routes app/routes.ts declares that `keep` accepts, each with its module. app/routes.ts
 * imports as is: route(), index() and layout() from @react-router/dev/routes only build plain
 * { path, file, children } objects; only relative() and getAppDirectory() need the app directory
 * React Router's CLI sets.
 */
export async function discoverRoutes(keep: (pattern: string) => boolean = () => true): Promise<TableRoute[]> {
  const found = flattenRoutes(await routeConfig).filter((route) => keep(route.pattern));
  return Promise.all(found.map(async (route) => ({ ...route, module: await importRouteModule(path.join(APP_DIR, route.file)) })));
}
