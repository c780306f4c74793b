import { z } from "~/lib/forms/zod";
import { API_SCOPE_LABELS, API_SCOPES, WEBHOOK_EVENT_LABELS, WEBHOOK_EVENTS } from "~/lib/domain-values";
import { API_ENDPOINTS } from "./api-endpoints.server";
import { problem, webhookPayload } from "./api-schemas.server";

/**
 * The OpenAPI 3.1 document of /api/v1, made from the endpoint declarations and their zod schemas
 * (zod 4's JSON Schema output is draft 2020-12, which is OpenAPI 3.1's dialect). Nothing in it is
 * written by hand except the words. Served at /api/v1/openapi.json and read by the reference page.
 */

type JsonSchema = Record<string, unknown>;

/** Schemas that name themselves (`.meta({ id })`) go to components and are referred to. */
function schemaConverter() {
  const components: Record<string, JsonSchema> = {};
  const convert = (schema: z.ZodType, io: "input" | "output"): JsonSchema => {
    const output = z.toJSONSchema(schema, { io, unrepresentable: "any", target: "draft-2020-12", metadata: z.globalRegistry });
    // Named schemas are referred to in components, where OpenAPI keeps them, not in $defs.
    const moved = JSON.parse(JSON.stringify(output).replaceAll('"#/$defs/', '"#/components/schemas/')) as JsonSchema;
    const { $schema: _dialect, $defs, ...converted } = moved as JsonSchema & { $defs?: Record<string, JsonSchema> };
    for (const [id, definition] of Object.entries($defs ?? {})) components[id] = definition;
    const id = (z.globalRegistry.get(schema) as { id?: string } | undefined)?.id;
    if (id) {
      components[id] = converted;
      return { $ref: `#/components/schemas/${id}` };
    }
    return converted;
  };
  return { convert, components };
}

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: "The parameters or the body are not valid; `errors` names each one.",
  401: "No key, or a key that is wrong or revoked.",
  403: "The key does not have this endpoint's scope.",
  404: "There is no such record.",
  415: "The body is not JSON.",
  422: "The body names a record that does not exist.",
  429: "The key's rate limit is used up; `Retry-After` says for how many seconds.",
};

export function buildOpenApiDocument({ serverUrl }: { serverUrl: string }) {
  const { convert, components } = schemaConverter();
  const problemRef = convert(problem, "output");
  const problemContent = { "application/problem+json": { schema: problemRef } };
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of API_ENDPOINTS) {
    const parameters: unknown[] = [];
    for (const [location, object] of [
      ["path", endpoint.params],
      ["query", endpoint.query],
    ] as const) {
      if (!object) continue;
      for (const [name, field] of Object.entries(object.shape as Record<string, z.ZodType>)) {
        const schema = convert(field, "input");
        const { description, ...rest } = schema as { description?: string };
        parameters.push({
          name,
          in: location,
          required: location === "path" || !field.safeParse(undefined).success,
          ...(description ? { description } : {}),
          schema: rest,
        });
      }
    }
    const errors = [400, 401, 403, ...(endpoint.body ? [415] : []), ...(endpoint.errors ?? []), 429].sort();
    const responses: Record<string, unknown> = {};
    for (const [status, answer] of Object.entries(endpoint.responses)) {
      responses[status] = {
        description: answer!.description,
        content: { "application/json": { schema: convert(answer!.schema, "output") } },
      };
    }
    for (const status of errors) {
      responses[String(status)] = {
        description: ERROR_DESCRIPTIONS[status],
        content: problemContent,
        ...(status === 429
          ? {
              headers: {
                "Retry-After": { description: "Seconds to wait.", schema: { type: "integer" } },
                RateLimit: { description: "What is left of the key's allowance.", schema: { type: "string" } },
              },
            }
          : {}),
      };
    }
    (paths[endpoint.path] ??= {})[endpoint.method.toLowerCase()] = {
      operationId: endpoint.operationId,
      summary: endpoint.summary,
      ...(endpoint.description ? { description: endpoint.description } : {}),
      tags: [endpoint.tag],
      security: [{ apiKey: [endpoint.scope] }],
      "x-scope": endpoint.scope,
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(endpoint.body
        ? { requestBody: { required: true, content: { "application/json": { schema: convert(endpoint.body, "input") } } } }
        : {}),
      responses,
    };
  }
  // OpenAPI 3.1's `webhooks`: what the school sends to an endpoint, one entry per event.
  const webhooks: Record<string, unknown> = {};
  for (const event of WEBHOOK_EVENTS) {
    webhooks[event] = {
      post: {
        operationId: `webhook_${event.replace(".", "_")}`,
        summary: WEBHOOK_EVENT_LABELS[event],
        description:
          "Sent after the change commits, once per subscribed endpoint, signed as Standard Webhooks says: `webhook-id` (the same on every retry), `webhook-timestamp` and `webhook-signature` (`v1,` + base64 HMAC-SHA256 of `id.timestamp.body` with the endpoint's secret). Answer 2xx within 5 s; anything else is retried with back-off for about a day.",
        tags: ["Webhooks"],
        parameters: ["webhook-id", "webhook-timestamp", "webhook-signature"].map((name) => ({
          name,
          in: "header",
          required: true,
          schema: { type: "string" },
        })),
        requestBody: { required: true, content: { "application/json": { schema: convert(webhookPayload(event), "output") } } },
        responses: { "200": { description: "Any 2xx answer means received." } },
      },
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "School API",
      version: "1.0.0",
      description:
        "Read courses, users, orders and progress, and grant or revoke course access. Authenticate with `Authorization: Bearer <key>`, a key a super admin makes in Admin → Developers with the scopes it needs. Lists are newest first and paged with `limit` and `cursor`. Errors are RFC 9457 problem details.",
    },
    servers: [{ url: serverUrl }],
    tags: [{ name: "Courses" }, { name: "Users" }, { name: "Enrollments" }, { name: "Orders" }, { name: "Webhooks" }],
    security: [{ apiKey: [] }],
    paths,
    webhooks,
    components: {
      schemas: components,
      securitySchemes: {
        apiKey: {
          type: "http",
          scheme: "bearer",
          description: `An API key. Scopes: ${API_SCOPES.map((scope) => `\`${scope}\` (${API_SCOPE_LABELS[scope].toLowerCase()})`).join(", ")}.`,
        },
      },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;
