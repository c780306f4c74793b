import { getAuth } from "~/server/auth/auth.server";

/**
 * GET /.well-known/jwks.json: the public keys of Better Auth's jwt plugin (the same set as
 * /api/auth/jwks), where API clients find the key that checks a token from /api/auth/token.
 */
export async function loader() {
  const jwks = await getAuth().api.getJwks();
  return Response.json(jwks, { headers: { "Cache-Control": "public, max-age=300" } });
}
