import type { Role } from "~/lib/domain-values";
import { getAuth } from "~/server/auth/auth.server";
import type { Database } from "~/server/db/client.server";
import { upsertPasswordUser } from "~/server/users/password-users.server";
import { unique } from "./test-database";

/** The Cookie header that sends back what a Better Auth answer set. */
export const cookieFrom = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .join("; ");

/** A new password account with this role, signed in through Better Auth: its id, e-mail and the Cookie header to send. */
export async function signInNewUser(db: Database, role: Role, { name }: { name?: string } = {}) {
  const email = `${unique(role)}@example.com`;
  const password = "a-long-test-password";
  const { id } = await upsertPasswordUser(db, { email, password, role, name });
  const response = await getAuth().api.signInEmail({ body: { email, password }, asResponse: true });
  return { id, email, password, cookie: cookieFrom(response) };
}
