import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { logger } from "~/server/platform/logger.server";

/** Every path no other route claims. */
export function loader({ request }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  logger.warn({ path: pathname }, "page not found");
  return data({ path: pathname }, { status: 404 });
}
