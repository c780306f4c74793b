import { z } from "~/lib/forms/zod";
import { API_SCOPES } from "~/lib/domain-values";
import { defineListUrl, pageParam, textParam } from "~/lib/list-url";

/** What Admin → Developers says (docs/decisions/049-api-keys-and-rest-api.md). */
export const API_KEY_MESSAGES = {
  created: "API key created. Copy it now: it will not be shown again.",
  revoked: "API key revoked",
  alreadyRevoked: "This API key was already revoked",
  notFound: "API key not found",
  listFailed: "Failed to fetch API keys",
  empty: "No API keys yet.",
  emptySearch: "No API keys found matching your search.",
} as const;

export const API_KEY_NAME_MAX = 100;

/** The New API key form: a name and at least one scope (one checkbox per scope, all named `scopes`). */
export const apiKeyForm = z.object({
  name: z
    .string()
    .trim()
    .min(1, "Give the key a name, e.g. the tool that will use it")
    .max(API_KEY_NAME_MAX, `Keep the name under ${API_KEY_NAME_MAX} characters`),
  scopes: z.array(z.enum(API_SCOPES, "Choose scopes from the list")).min(1, "Choose at least one scope"),
});

export const apiKeyRevokeForm = z.object({ intent: z.literal("revoke"), id: z.uuid("API key not found") });

/** Admin → Developers' list URL: a search by name and the page. */
export const apiKeyList = defineListUrl("/admin/developers", { q: textParam({ maxLength: API_KEY_NAME_MAX }), page: pageParam() });
