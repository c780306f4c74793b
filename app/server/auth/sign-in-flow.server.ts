import { redirect, type RouterContextProvider } from "react-router";
import { safeNextPath } from "~/lib/safe-next";
import { getConfig } from "~/server/platform/config.server";
import { redirectWithToast } from "~/server/toast.server";
import { callAuthEndpoint } from "./auth-request.server";

/** Which OAuth buttons to show: a provider counts only with both its client id and secret set. */
export function getOAuthProviders() {
  const { oauth } = getConfig();
  return { google: Boolean(oauth.google), github: Boolean(oauth.github) };
}

/**
 * The answer to a finished sign-in: the session cookie, the spec's welcome toast (§8) and a
 * redirect to a same-site path, with or without JavaScript.
 */
export async function completeSignIn({ next, cookies }: { next: string | null | undefined; cookies: Headers }): Promise<never> {
  throw await redirectWithToast(
    safeNextPath(next),
    { kind: "success", message: "Welcome back!", description: "You have been signed in successfully." },
    { headers: cookies },
  );
}

/** Starts an OAuth sign-in: Better Auth answers with the provider's URL and a state cookie. */
export async function startOAuthSignIn({
  request,
  context,
  provider,
  next,
}: {
  request: Request;
  context: Readonly<RouterContextProvider>;
  provider: "google" | "github";
  next: string | null | undefined;
}) {
  if (!getOAuthProviders()[provider]) return { error: "That sign-in method is not available." };
  const result = await callAuthEndpoint<{ url?: string }>({
    request,
    context,
    path: "/sign-in/social",
    body: { provider, callbackURL: safeNextPath(next), errorCallbackURL: "/login", disableRedirect: true },
  });
  if (!result.ok || !result.data?.url)
    return { error: result.ok ? "Could not reach the sign-in provider. Please try again." : result.error.message };
  throw redirect(result.data.url, { headers: result.cookies });
}
