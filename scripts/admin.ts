// `npm run admin -- <command>`: manage accounts from the command line, with the server stopped
// (PGlite allows one process) or at any time on PostgreSQL.
import { parseArgs } from "node:util";
import { ADMIN_ROLES, isOneOf, ROLES } from "../app/lib/domain-values";
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
    if (!values.password || values.password.length < 8) throw new UsageError(`--password must be at least 8 characters.\n\n${USAGE}`);
    const password = values.password;
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
