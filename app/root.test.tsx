import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ErrorBoundary } from "./root";

const render = (error: unknown) =>
  renderToString(<ErrorBoundary {...({ error, params: {} } as Parameters<typeof ErrorBoundary>[0])} />);

describe("root ErrorBoundary", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("shows a plain 500 page without the stack trace in production", () => {
    vi.stubEnv("DEV", false);
    const error = new Error("connection refused at db.internal:5432");
    error.stack = "Error: connection refused\n    at secretModule (/srv/app/server/secret.ts:12:3)";
    const html = render(error);
    expect(html).toContain("Something went wrong");
    expect(html).toContain("500");
    expect(html).not.toContain("secretModule");
    expect(html).not.toContain("db.internal");
  });

  it("shows the stack trace in development, where it helps", () => {
    vi.stubEnv("DEV", true);
    const error = new Error("boom");
    error.stack = "Error: boom\n    at devOnlyFrame (app/routes/x.tsx:1:1)";
    expect(render(error)).toContain("devOnlyFrame");
  });
});
