import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { callAuthEndpoint } from "~/server/auth/auth-request.server";

/** Signing out is a POST (a link or an image cannot sign anyone out); a GET just goes home. */
export function loader() {
  return redirect("/");
}

/** Revokes the session and clears its cookie, then goes home (the form reloads the whole document). */
export async function action({ request, context }: Route.ActionArgs) {
  const result = await callAuthEndpoint({ request, context, path: "/sign-out", body: {} });
  throw redirect("/", { headers: result.cookies });
}
