// `npm run admin -- <command>`: manage accounts from the command line, with the server stopped
// (PGlite allows one process) or at any time on PostgreSQL.
import { parseArgs } from "node:util";
import { ADMIN_ROLES, isOneOf, ROLES } from "../app/lib/domain-values";
import { ADMIN_PASSWORD_MIN, PASSWORD_MAX, PASSWORD_MIN } from "../app/lib/forms/limits";
import { isCommonPassword } from "../app/server/auth/common-passwords.server";
import { setUserRole, upsertPasswordUser } from "../app/server/users/password-users.server";
import { fail, withDatabase } from "./cli-support";

const USAGE = `Usage:
  npm run admin -- create --email <email> --password <password> [--name <name>] [--role ${ADMIN_ROLES.join("|")}]
  npm run admin -- role --email <email> --role ${ROLES.join("|")}`;

class UsageError extends Error {
  name = "UsageError";
}

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { email: { type: "string" }, password: { type: "string" }, name: { type: "string" }, role: { type: "string" } },
});

try {
  const [command] = positionals;
  const email = values.email?.trim();
  if (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new UsageError(`A valid --email is required.\n\n${USAGE}`);
  const role = values.role ?? (command === "create" ? "admin" : undefined);
  if (!isOneOf(ROLES, role)) throw new UsageError(`--role must be one of ${ROLES.join(", ")}.\n\n${USAGE}`);

  if (command === "create") {
    // The owner and every admin: at least 12 characters (docs/decisions/040); a learner the spec's 6.
    const min = isOneOf(ADMIN_ROLES, role) ? ADMIN_PASSWORD_MIN : PASSWORD_MIN;
    const password = values.password ?? "";
    if (password.length < min)
      throw new UsageError(
        `--password must be at least ${min} characters${min === ADMIN_PASSWORD_MIN ? " for an admin" : ""}.\n\n${USAGE}`,
      );
    if (password.length > PASSWORD_MAX) throw new UsageError(`--password must be at most ${PASSWORD_MAX} characters.\n\n${USAGE}`);
    if (isCommonPassword(password))
      throw new UsageError("--password is one of the most common passwords and is easy to guess. Please choose a less common one.");
    await withDatabase(async (handle) => {
      const user = await upsertPasswordUser(handle.db, { email, password, role, name: values.name });
      console.log(`${user.created ? "Created" : "Updated"} ${user.email} with the role ${role}.`);
    });
  } else if (command === "role") {
    await withDatabase(async (handle) => {
      const user = await setUserRole(handle.db, { email, role });
      console.log(`${user.email} now has the role ${user.role}.`);
    });
  } else {
    throw new UsageError(USAGE);
  }
} catch (error) {
  fail(error);
}
