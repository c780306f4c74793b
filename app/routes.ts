import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

/**
 * The one route table, grouped by audience. Read top to bottom.
 */
export default [
  // Public site: header and footer around every page.
  layout("routes/site-layout.tsx", [
    // marketing
    index("routes/marketing/home.tsx"),

    // catalog

    // blog

    // auth and account

    // 404 for any other path
    route("*", "routes/not-found.tsx"),
  ]),

  // Admin back office (its own layout)

  // Resource routes (no UI)
] satisfies RouteConfig;
