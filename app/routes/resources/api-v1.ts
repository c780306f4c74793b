import type { Route } from "./+types/api-v1";
import { apiV1Request } from "./api-v1.server";

/**
 * /api/v1/*: the REST API (docs/decisions/049-api-keys-and-rest-api.md). Authenticated by an
 * API key in `Authorization: Bearer …` only; a session cookie is never read here.
 */
export function loader({ request }: Route.LoaderArgs) {
  return apiV1Request({ request });
}

export function action({ request }: Route.ActionArgs) {
  return apiV1Request({ request });
}
