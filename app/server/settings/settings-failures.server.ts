import { SETTINGS_MESSAGES } from "~/lib/site-settings";
import type { Failure } from "~/server/action.server";
import { logger } from "~/server/platform/logger.server";
import { InvalidSiteSettingsError } from "./site-settings.server";

/**
 * The one place a failed settings save becomes what the admin sees: the error toast, 400 for
 * values the rules refuse (the form's own checks should have caught them) and 500 otherwise.
 */
export function settingsFailure(error: unknown): Failure {
  const refused = error instanceof InvalidSiteSettingsError;
  if (refused) logger.warn({ err: error }, "site settings refused");
  else logger.error({ err: error }, "site settings save failed");
  return { toast: { kind: "error", message: SETTINGS_MESSAGES.saveFailed }, status: refused ? 400 : 500 };
}
