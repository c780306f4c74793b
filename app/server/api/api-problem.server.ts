import type { Problem } from "./api-schemas.server";

/**
 * The API's one error shape: RFC 9457 problem details, `application/problem+json`. `type` is
 * "about:blank", so `title` is the HTTP status phrase; `detail` says what went wrong in words and
 * `errors` names each invalid field (a JSON Pointer into the body, or a query or path parameter).
 */

export const PROBLEM_CONTENT_TYPE = "application/problem+json";

const TITLES: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  415: "Unsupported Media Type",
  422: "Unprocessable Content",
  429: "Too Many Requests",
  500: "Internal Server Error",
};

export class ApiProblem extends Error {
  readonly problem: Problem;
  constructor(
    readonly status: number,
    detail?: string,
    errors?: Problem["errors"],
    readonly headers: Record<string, string> = {},
  ) {
    super(detail ?? TITLES[status] ?? "Error");
    this.name = "ApiProblem";
    this.problem = {
      type: "about:blank",
      title: TITLES[status] ?? "Error",
      status,
      ...(detail ? { detail } : {}),
      ...(errors ? { errors } : {}),
    };
  }
}

export function problemResponse(problem: ApiProblem, extraHeaders: Record<string, string> = {}) {
  return new Response(JSON.stringify(problem.problem), {
    status: problem.status,
    headers: { "Content-Type": PROBLEM_CONTENT_TYPE, "Cache-Control": "no-store", ...problem.headers, ...extraHeaders },
  });
}
