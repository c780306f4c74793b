import type { RouterContextProvider } from "react-router";
import { data } from "react-router";
import { API_KEY_MESSAGES, apiKeyForm, apiKeyList, apiKeyRevokeForm } from "~/lib/api-keys";
import { API_SCOPE_LABELS, API_SCOPES } from "~/lib/domain-values";
import { formatDateTime } from "~/lib/dates";
import { parseForm } from "~/lib/forms/parse-form";
import { invalidForm, readForm } from "~/server/action.server";
import { readAdminList } from "~/server/admin-list.server";
import { ApiKeyNotFoundError, createApiKey, listApiKeys, revokeApiKey } from "~/server/api/api-keys.server";
import { buildOpenApiDocument } from "~/server/api/openapi.server";
import { requireSuperAdmin } from "~/server/auth/guards.server";
import { dataWithToast } from "~/server/toast.server";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

/** Admin → Developers: the API keys, newest first; super admins only. */
export async function developersLoader({ request, context }: Args) {
  requireSuperAdmin({ request, context });
  return readAdminList({
    request,
    list: apiKeyList,
    failure: API_KEY_MESSAGES.listFailed,
    what: "API key list",
    read: async ({ q, page }) => {
      const result = await listApiKeys({ query: q, page });
      const rows = result.keys.map((key) => ({
        id: key.id,
        name: key.name,
        prefix: `${key.prefix}…`,
        scopes: key.scopes.join(", "),
        createdBy: key.createdByEmail ?? "a deleted account",
        created: formatDateTime(key.createdAt),
        lastUsed: key.lastUsedAt ? formatDateTime(key.lastUsedAt) : "Never",
        revoked: key.revokedAt ? formatDateTime(key.revokedAt) : null,
      }));
      return { ...result, rows };
    },
  });
}

/** Revoke, from the list: at once, for good; recorded in the audit trail. */
export async function developersAction({ request, context }: Args) {
  const admin = requireSuperAdmin({ request, context });
  const parsed = parseForm(apiKeyRevokeForm, await readForm(request));
  if (parsed.errors) return invalidForm(parsed);
  try {
    const { changed } = await revokeApiKey({ keyId: parsed.data.id, actorId: admin.id });
    return dataWithToast({}, { kind: "success", message: changed ? API_KEY_MESSAGES.revoked : API_KEY_MESSAGES.alreadyRevoked });
  } catch (error) {
    if (error instanceof ApiKeyNotFoundError) return dataWithToast({}, { kind: "error", message: API_KEY_MESSAGES.notFound }, 404);
    throw error;
  }
}

/** The New API key form's choices. */
export function newApiKeyLoader({ request, context }: Args) {
  requireSuperAdmin({ request, context });
  return { scopes: API_SCOPES.map((scope) => ({ value: scope, label: API_SCOPE_LABELS[scope] })) };
}

/**
 * Makes the key and answers it in the page's data: the only time it is ever shown. Nothing
 * redirects, so a reload shows the empty form, not the key.
 */
export async function newApiKeyAction({ request, context }: Args) {
  const admin = requireSuperAdmin({ request, context });
  const form = await readForm(request);
  const scopes = form.getAll("scopes").filter((value): value is string => typeof value === "string");
  const name = String(form.get("name") ?? "");
  const values = { name, scopes: scopes.join(",") };
  const parsed = apiKeyForm.safeParse({ name, scopes });
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) (errors[String(issue.path[0] ?? "form")] ??= []).push(issue.message);
    return invalidForm({ errors, values });
  }
  const created = await createApiKey({ name: parsed.data.name, scopes: parsed.data.scopes, actorId: admin.id });
  return dataWithToast(
    { created: { name: created.name, key: created.key, scopes: created.scopes } },
    { kind: "success", message: API_KEY_MESSAGES.created },
  );
}

type Schema = {
  type?: string | string[];
  enum?: unknown[];
  format?: string;
  description?: string;
  anyOf?: Schema[];
  default?: unknown;
  $ref?: string;
  properties?: Record<string, Schema>;
  required?: string[];
};

/** A field's type in words: "string (uuid)", "one of draft, published", "integer, default 25". */
function typeText(schema: Schema): string {
  if (schema.$ref) return schema.$ref.replace("#/components/schemas/", "");
  if (schema.enum) return `one of ${schema.enum.join(", ")}`;
  if (schema.anyOf) return schema.anyOf.map(typeText).join(" or ");
  const type = Array.isArray(schema.type) ? schema.type.join(" or ") : (schema.type ?? "any");
  const format = schema.format ? ` (${schema.format})` : "";
  const fallback = schema.default !== undefined ? `, default ${String(schema.default)}` : "";
  return `${type}${format}${fallback}`;
}

/**
 * The API reference: the same OpenAPI document /api/v1/openapi.json serves, laid out for people
 * (each endpoint with its scope, parameters, body fields and answers).
 */
export function apiDocsLoader({ request, context }: Args) {
  requireSuperAdmin({ request, context });
  const serverUrl = new URL("/api/v1", request.url).toString();
  const document = buildOpenApiDocument({ serverUrl });
  const endpoints = Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, raw]) => {
      const operation = raw as {
        operationId: string;
        summary: string;
        description?: string;
        "x-scope": string;
        parameters?: { name: string; in: string; required: boolean; description?: string; schema: Schema }[];
        requestBody?: { content: { "application/json": { schema: { properties: Record<string, Schema>; required?: string[] } } } };
        responses: Record<string, { description: string }>;
      };
      const body = operation.requestBody?.content["application/json"].schema;
      return {
        id: operation.operationId,
        method: method.toUpperCase(),
        path,
        summary: operation.summary,
        description: operation.description ?? "",
        scope: operation["x-scope"],
        parameters: (operation.parameters ?? []).map((parameter) => ({
          name: parameter.name,
          in: parameter.in,
          required: parameter.required,
          type: typeText(parameter.schema),
          description: parameter.description ?? "",
        })),
        body: body
          ? Object.entries(body.properties).map(([name, schema]) => ({
              name,
              required: body.required?.includes(name) ?? false,
              type: typeText(schema),
              description: schema.description ?? "",
            }))
          : null,
        responses: Object.entries(operation.responses).map(([status, answer]) => ({ status, description: answer.description })),
      };
    }),
  );
  const webhooks = Object.entries(document.webhooks).map(([event, raw]) => {
    const operation = (raw as { post: { summary: string; requestBody: { content: { "application/json": { schema: Schema } } } } }).post;
    const payload = operation.requestBody.content["application/json"].schema.properties?.data ?? {};
    return {
      id: `event-${event.replace(".", "-")}`,
      event,
      summary: operation.summary,
      data: Object.entries(payload.properties ?? {}).map(([name, schema]) => ({
        name,
        required: payload.required?.includes(name) ?? false,
        type: typeText(schema),
        description: schema.description ?? "",
      })),
    };
  });
  return data({ serverUrl, endpoints, webhooks, schemas: Object.keys(document.components.schemas) });
}
