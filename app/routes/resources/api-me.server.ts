import type { Route } from "./+types/api-me";
import { authenticateBearerRequest, BearerTokenError } from "~/server/auth/bearer-token.server";

/**
 * GET /api/me with `Authorization: Bearer <jwt>` (a token from /api/auth/token): who the token
 * belongs to. Expired tokens, bad signatures and unknown users get 401 with a JSON error.
 */
export async function loader({ request }: Route.LoaderArgs) {
  try {
    const user = await authenticateBearerRequest({ request });
    return Response.json({ user }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    if (!(error instanceof BearerTokenError)) throw error;
    return Response.json(
      { error: error.message },
      {
        status: error.status,
        headers: { "Cache-Control": "no-store", "WWW-Authenticate": `Bearer error="invalid_token", error_description="${error.message}"` },
      },
    );
  }
}
