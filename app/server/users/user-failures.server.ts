import { ROLE_CHANGE_REFUSALS } from "~/lib/role-rules";
import { USER_MESSAGES } from "~/lib/user-messages";
import type { Failure } from "~/server/action.server";
import { logger } from "~/server/platform/logger.server";
import { COMMON_PASSWORD_MESSAGE } from "~/server/auth/common-passwords.server";
import { InvalidSetupCodeError, OwnerEmailTakenError, OwnerPasswordTooCommonError } from "./owner-setup.server";
import { RoleChangeRefusedError, UserNotFoundByIdError } from "./user-roles.server";

/**
 * The one place a failed role change becomes what the admin sees: a refusal by the role rules
 * says which rule (403), a missing user 404, anything else "Failed to update role" (500).
 */
export function roleChangeFailure(error: unknown, details: { userId: string; actorId: string }): Failure {
  if (error instanceof RoleChangeRefusedError) {
    logger.warn({ reason: error.reason, ...details }, "role change refused");
    return { toast: { kind: "error", message: ROLE_CHANGE_REFUSALS[error.reason] }, status: 403 };
  }
  if (error instanceof UserNotFoundByIdError) {
    logger.warn({ err: error, ...details }, "role change for a missing user");
    return { toast: { kind: "error", message: USER_MESSAGES.notFound }, status: 404 };
  }
  logger.error({ err: error, ...details }, "role change failed");
  return { toast: { kind: "error", message: USER_MESSAGES.roleChangeFailed }, status: 500 };
}

/** What the first-run form shows for a refused owner account: a message under one field, or over the form. */
export type OwnerSetupFailure = { field: "code" | "email" | "password" | "form"; message: string; status: number };

export function ownerSetupFailure(error: unknown): OwnerSetupFailure {
  if (error instanceof InvalidSetupCodeError) {
    logger.warn("owner setup refused: wrong or expired setup code");
    return {
      field: "code",
      message:
        "That setup code is not right, or it has expired. Use the code the server printed when it started; restarting the server prints a new one.",
      status: 403,
    };
  }
  if (error instanceof OwnerEmailTakenError) {
    return { field: "email", message: "An account with this email already exists. Use another email address.", status: 409 };
  }
  if (error instanceof OwnerPasswordTooCommonError) return { field: "password", message: COMMON_PASSWORD_MESSAGE, status: 400 };
  logger.error({ err: error }, "owner setup failed");
  return { field: "form", message: "The owner account could not be created. Please try again.", status: 500 };
}
