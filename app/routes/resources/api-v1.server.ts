import { handleApiRequest } from "~/server/api/api-router.server";

/** Every method of every /api/v1 path goes to the API's router. */
export function apiV1Request({ request }: { request: Request }) {
  return handleApiRequest({ request });
}
