import type { z } from "~/lib/forms/zod";
import { consumeRateLimit, type RateLimit } from "~/server/platform/rate-limit.server";
import { logger } from "~/server/platform/logger.server";
import { API_ENDPOINTS, type Endpoint } from "./api-endpoints.server";
import { authenticateApiKey, type ApiKeyPrincipal } from "./api-keys.server";
import { ApiProblem, problemResponse } from "./api-problem.server";
import { InvalidCursorError } from "./api-reads.server";
import { buildOpenApiDocument } from "./openapi.server";

/**
 * /api/v1: one entry for every request (routes/resources/api-v1.ts). In order: the document
 * (public), the key (401 with nothing more for anything but a live key), the key's rate limit
 * (429), the endpoint (404/405), the scope (403), the input (400), then the endpoint itself.
 * A session cookie means nothing here, and a key means nothing anywhere else.
 */

export const API_BASE_PATH = "/api/v1";

/** Requests per key per minute. */
export const API_RATE_LIMIT: RateLimit = { max: 300, windowMs: 60_000 };

const JSON_HEADERS = { "Content-Type": "application/json", "Cache-Control": "no-store" };

function json(body: unknown, status = 200, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), { status, headers: { ...JSON_HEADERS, ...headers } });
}

/** The key in `Authorization: Bearer <key>`, or null. */
function bearerKey(request: Request) {
  const header = request.headers.get("authorization");
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1] ?? null;
}

function matchEndpoint(method: string, path: string) {
  const segments = path.split("/").filter(Boolean);
  const candidates: { endpoint: Endpoint; params: Record<string, string> }[] = [];
  for (const endpoint of API_ENDPOINTS) {
    const pattern = endpoint.path.split("/").filter(Boolean);
    if (pattern.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const matches = pattern.every((part, index) => {
      const segment = decodeURIComponent(segments[index]!);
      if (part.startsWith("{")) {
        params[part.slice(1, -1)] = segment;
        return true;
      }
      return part === segment;
    });
    if (matches) candidates.push({ endpoint, params });
  }
  const exact = candidates.find((candidate) => candidate.endpoint.method === method);
  return { match: exact ?? null, allowed: [...new Set(candidates.map((candidate) => candidate.endpoint.method))] };
}

/** A JSON Pointer (RFC 6901) to the field: "/course_id"; "" is the whole body. */
const pointerTo = (path: string[]) => path.map((part) => `/${part.replace(/~/g, "~0").replace(/\//g, "~1")}`).join("");

/** zod's issues as the problem's `errors`: one per field, an unknown field named as itself. */
function issuesToErrors(issues: z.core.$ZodIssue[], where: "parameter" | "pointer") {
  return issues.flatMap((issue) => {
    const path = issue.path.map(String);
    const paths = issue.code === "unrecognized_keys" ? issue.keys.map((key) => [...path, key]) : [path];
    const detail = issue.code === "unrecognized_keys" ? "Unknown field" : issue.message;
    return paths.map((each) => (where === "pointer" ? { detail, pointer: pointerTo(each) } : { detail, parameter: each[0] ?? "" }));
  });
}

async function readBody(request: Request) {
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/json\b/i.test(type)) throw new ApiProblem(415, "Send the body as application/json.");
  try {
    return (await request.json()) as unknown;
  } catch {
    throw new ApiProblem(400, "The body is not valid JSON.");
  }
}

async function parseInput(endpoint: Endpoint, request: Request, url: URL, rawParams: Record<string, string>) {
  let params = {};
  if (endpoint.params) {
    const parsed = endpoint.params.safeParse(rawParams);
    // A path that cannot name a record names nothing: 404, not 400.
    if (!parsed.success) throw new ApiProblem(404, "No such resource.");
    params = parsed.data;
  }
  let query = {};
  if (endpoint.query) {
    const raw: Record<string, string> = {};
    for (const [name, value] of url.searchParams) raw[name] = value;
    const known = Object.keys(endpoint.query.shape);
    const unknown = Object.keys(raw).filter((name) => !known.includes(name));
    if (unknown.length > 0) {
      throw new ApiProblem(
        400,
        "The request has parameters this endpoint does not know.",
        unknown.map((name) => ({ detail: "Unknown parameter", parameter: name })),
      );
    }
    const parsed = endpoint.query.safeParse(raw);
    if (!parsed.success) throw new ApiProblem(400, "Some parameters are not valid.", issuesToErrors(parsed.error.issues, "parameter"));
    query = parsed.data;
  }
  let body = {};
  if (endpoint.body) {
    const parsed = endpoint.body.safeParse(await readBody(request));
    if (!parsed.success) throw new ApiProblem(400, "The body is not valid.", issuesToErrors(parsed.error.issues, "pointer"));
    body = parsed.data;
  }
  return { params, query, body };
}

/** The IETF RateLimit fields (draft-ietf-httpapi-ratelimit-headers): the policy, and what is left of it. */
function rateLimitHeaders(limit: RateLimit, remaining: number, resetSeconds: number) {
  return {
    "RateLimit-Policy": `"per-key";q=${limit.max};w=${Math.round(limit.windowMs / 1000)}`,
    RateLimit: `"per-key";r=${Math.max(0, remaining)};t=${Math.max(0, resetSeconds)}`,
  };
}

export async function handleApiRequest({ request, rateLimit = API_RATE_LIMIT }: { request: Request; rateLimit?: RateLimit }) {
  const url = new URL(request.url);
  const path = url.pathname.slice(API_BASE_PATH.length) || "/";
  if (path === "/openapi.json" && (request.method === "GET" || request.method === "HEAD")) {
    return json(buildOpenApiDocument({ serverUrl: `${url.origin}${API_BASE_PATH}` }), 200, { "Cache-Control": "public, max-age=300" });
  }

  let key: ApiKeyPrincipal | null = null;
  const presented = bearerKey(request);
  if (presented) key = await authenticateApiKey({ key: presented });
  if (!key) return problemResponse(new ApiProblem(401), { "WWW-Authenticate": 'Bearer realm="api"' });

  const decision = await consumeRateLimit({ key: `api-key|${key.id}`, ...rateLimit });
  const limitHeaders = rateLimitHeaders(rateLimit, rateLimit.max - decision.count, decision.resetSeconds);
  if (!decision.allowed) {
    return problemResponse(new ApiProblem(429, "This key has made too many requests. Wait, then try again."), {
      ...limitHeaders,
      "Retry-After": String(decision.retryAfterSeconds),
    });
  }

  try {
    const { match, allowed } = matchEndpoint(request.method, path);
    if (!match) {
      if (allowed.length === 0) throw new ApiProblem(404, "There is no such endpoint.");
      throw new ApiProblem(405, `This endpoint answers ${allowed.join(", ")}.`, undefined, { Allow: allowed.join(", ") });
    }
    const { endpoint, params: rawParams } = match;
    if (!key.scopes.includes(endpoint.scope)) throw new ApiProblem(403, `This key does not have the scope ${endpoint.scope}.`);
    const input = await parseInput(endpoint, request, url, rawParams);
    const answer = await endpoint.handle({ ...input, key } as never);
    return json(answer.body, answer.status, limitHeaders);
  } catch (error) {
    if (error instanceof ApiProblem) return problemResponse(error, limitHeaders);
    if (error instanceof InvalidCursorError)
      return problemResponse(new ApiProblem(400, error.message, [{ detail: error.message, parameter: "cursor" }]), limitHeaders);
    logger.error({ err: error, path, method: request.method }, "API request failed");
    return problemResponse(new ApiProblem(500, "Something went wrong on our side. Please try again."), limitHeaders);
  }
}
