import type { BetterAuthPlugin } from "better-auth";
import { createAuthMiddleware } from "better-auth/api";
import { getJwtToken, type JwtOptions } from "better-auth/plugins";

/**
 * Better Auth's jwt plugin signs a fresh JWT (a `jwks` read, a private-key decrypt, an EdDSA
 * signature) after every session read and puts it in a `set-auth-jwt` header. Over HTTP
 * (`GET /api/auth/get-session`) a client may use that header, so it keeps it; the server's own
 * read of the session on each page (`auth.api.getSession`, session.server.ts) has no response for
 * the header to go to, so it no longer pays for one (issue 21). Pass the jwt plugin's options
 * with `disableSettingJwtHeader: true` there and the same options here.
 */
export function sessionJwtHeaderOverHttp(options: JwtOptions): BetterAuthPlugin {
  return {
    id: "session-jwt-header-over-http",
    hooks: {
      after: [
        {
          // A call through the HTTP handler carries its Request; a server-side api call does not.
          matcher: (context) => context.path === "/get-session" && context.request !== undefined,
          handler: createAuthMiddleware(async (ctx) => {
            const session = ctx.context.session || ctx.context.newSession;
            if (!session?.session) return;
            const jwt = await getJwtToken(ctx, options);
            const exposed = ctx.context.responseHeaders?.get("access-control-expose-headers") ?? "";
            const names = new Set(
              exposed
                .split(",")
                .map((name) => name.trim())
                .filter(Boolean),
            );
            names.add("set-auth-jwt");
            ctx.setHeader("set-auth-jwt", jwt);
            ctx.setHeader("Access-Control-Expose-Headers", [...names].join(", "));
          }),
        },
      ],
    },
  };
}
