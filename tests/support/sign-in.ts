import { getAuth } from "~/server/auth/auth.server";
import type { Database } from "~/server/db/client.server";
import { upsertPasswordUser } from "~/server/users/password-users.server";
import { unique } from "./test-database";

/** A new password account with this role, signed in through Better Auth: its id and the Cookie header to send. */
export async function signInNewUser(db: Database, role: "admin" | "user") {
  const email = `${unique(role)}@example.com`;
  const password = "a-long-test-password";
  const { id } = await upsertPasswordUser(db, { email, password, role });
  const response = await getAuth().api.signInEmail({ body: { email, password }, asResponse: true });
  return {
    id,
    cookie: response.headers
      .getSetCookie()
      .map((value) => value.split(";")[0])
      .join("; "),
  };
}
