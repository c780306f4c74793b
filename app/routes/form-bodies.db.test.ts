import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startAppServer } from "../../tests/support/app-server";
import { signInNewUser } from "../../tests/support/sign-in";
import { useTestDatabase } from "../../tests/support/test-database";
import { logger } from "~/server/platform/logger.server";

/**
 * Issue 36: a JSON body posted to a form action made `request.formData()` throw, which answered
 * 500 and logged an error. Every action reads its form through `readForm` (app/server/action.server.ts),
 * which answers 415 to a body no form sends and 400 to a form body that does not parse. Over HTTP
 * against server.ts, signed in, so each request gets past its guard to the form.
 */

const database = useTestDatabase();
let app: Awaited<ReturnType<typeof startAppServer>>;
const cookies = { learner: "", admin: "" };

beforeAll(async () => {
  app = await startAppServer({
    routes: (file) =>
      [
        "routes/site-layout.tsx",
        "routes/catalog/course-detail.tsx",
        "routes/learn/lesson.tsx",
        "routes/resources/lesson-progress.ts",
        "routes/checkout/checkout.tsx",
        "routes/marketing/contact.tsx",
        "routes/auth/login.tsx",
        "routes/admin/settings.tsx",
      ].includes(file) || file === "routes/admin/layout.tsx",
  });
  cookies.learner = (await signInNewUser(database().db, "user")).cookie;
  cookies.admin = (await signInNewUser(database().db, "super_admin")).cookie;
});

afterAll(async () => {
  await app?.close();
});

const ROUTES: [string, string, keyof typeof cookies | null][] = [
  ["a course page", "/courses/any-course", "learner"],
  ["a lesson page", "/courses/any-course/lessons/any-lesson", "learner"],
  ["the progress API", `/api/lessons/${crypto.randomUUID()}/progress`, "learner"],
  ["checkout", "/checkout", "learner"],
  ["the contact form", "/contact", null],
  ["the sign-in form", "/login", null],
  ["an admin form", "/admin/settings", "admin"],
];

const post = (path: string, who: keyof typeof cookies | null, headers: Record<string, string>, body: string | Blob) =>
  fetch(`${app.base}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { ...(who ? { cookie: cookies[who] } : {}), ...headers },
    body,
  });

describe("a body no form sends, posted to a form action", () => {
  it.each(ROUTES)("is refused with 415 by %s (JSON, plain text, no type), nothing logged as an error", async (_name, path, who) => {
    const errors = vi.spyOn(logger, "error");
    try {
      // Bytes, so that fetch adds no content type of its own: the last request has none.
      const types: Record<string, string>[] = [{ "content-type": "application/json" }, { "content-type": "text/plain;charset=UTF-8" }, {}];
      for (const headers of types) {
        const answer = await post(path, who, headers, new Blob([JSON.stringify({ intent: "save", email: "a@example.com" })]));
        expect(answer.status, `${path} with ${JSON.stringify(headers)}`).toBe(415);
        // A resource route answers with the thrown response's headers; a page renders its error boundary.
        if (path.startsWith("/api/"))
          expect(answer.headers.get("accept-post")).toBe("application/x-www-form-urlencoded, multipart/form-data");
      }
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
    }
  });

  it("a multipart body that does not parse is a 400, not a 500", async () => {
    const answer = await post(
      "/contact",
      null,
      { "content-type": "multipart/form-data; boundary=nothing-matches" },
      "not multipart at all",
    );
    expect(answer.status).toBe(400);
  });

  it("a real form still goes through (the contact form, urlencoded and multipart)", async () => {
    const fields = { name: "Ada", email: "ada@example.com", message: "Hello there, a real form.", website: "" };
    const urlencoded = await fetch(`${app.base}/contact`, { method: "POST", redirect: "manual", body: new URLSearchParams(fields) });
    expect(urlencoded.status).toBe(302);
    const multipart = new FormData();
    for (const [name, value] of Object.entries(fields)) multipart.append(name, value);
    const answer = await fetch(`${app.base}/contact`, { method: "POST", redirect: "manual", body: multipart });
    expect(answer.status).toBe(302);
  });
});
