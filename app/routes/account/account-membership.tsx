import { redirect } from "react-router";
import type { Route } from "./+types/account-membership";
import { membershipAction } from "./account-membership.server";

/** The membership form on /account posts here; there is no page of its own. */
export function loader() {
  return redirect("/account#membership");
}

export function action({ request, context }: Route.ActionArgs) {
  return membershipAction({ request, context });
}
