import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { personNameField } from "~/lib/forms/fields";
import { PERSON_NAME_MAX } from "~/lib/forms/limits";

/**
 * A person's name follows the site's rule (personNameField) on every path into the users table
 * (issue 19, finding 4):
 * - Better Auth's endpoints where a person types a name (`/sign-up/email`, `/update-user`)
 *   refuse one that breaks it, with the form's message, before anything is written;
 * - whatever else writes a name (an OAuth profile, a server-side call) is made to fit by the
 *   database hooks: control characters out, spaces collapsed, cut to the maximum.
 */

const NAME_ENDPOINTS: Record<string, ReturnType<typeof personNameField>> = {
  // Empty is allowed at sign-up: the email becomes the name.
  "/sign-up/email": personNameField(),
  "/update-user": personNameField({ required: "Name is required" }),
};

export function profileNames() {
  return {
    id: "profile-names",
    hooks: {
      before: [
        {
          matcher: (context) => Object.hasOwn(NAME_ENDPOINTS, context.path ?? ""),
          handler: createAuthMiddleware(async (ctx) => {
            const body = ctx.body as Record<string, unknown> | undefined;
            if (!body || !("name" in body)) return;
            const parsed = NAME_ENDPOINTS[ctx.path].safeParse(body.name);
            if (!parsed.success) {
              throw new APIError("BAD_REQUEST", {
                code: "INVALID_NAME",
                message: parsed.error.issues[0]?.message ?? "That name is not valid.",
              });
            }
            return { context: { body: { ...body, name: parsed.data } } };
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}

/** A name from anywhere made to fit the rule; empty when nothing is left (the caller picks a fallback). */
export function fittedName(value: unknown) {
  if (typeof value !== "string") return "";
  const parsed = personNameField().safeParse(value);
  if (parsed.success) return parsed.data;
  return (
    value
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, " ")
      .replace(/\s+/g, " ")
      .trim()
      .slice(0, PERSON_NAME_MAX)
      .trim()
  );
}
