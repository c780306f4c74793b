import type { AddressInfo } from "node:net";
import express from "express";
import { describe, expect, it, vi } from "vitest";
import { sendRaw } from "../../../tests/support/raw-http";
import { useTestDatabase } from "../../../tests/support/test-database";
import { createApp, limitRequestBodies, MAX_BODY_BYTES } from "../../../server";
import type * as authModule from "../auth/auth.server";
import { getAuth } from "../auth/auth.server";
import { getConfig } from "./config.server";

// Watched, not replaced: a request that reaches Better Auth's handler calls getAuth() first.
vi.mock("../auth/auth.server", async (importOriginal) => {
  const actual = await importOriginal<typeof authModule>();
  return { ...actual, getAuth: vi.fn(actual.getAuth) };
});

useTestDatabase();

const MB = 1024 * 1024;
const form = { "content-type": "application/x-www-form-urlencoded" };

/** `build` is what the React Router handler loads first, so a spy there sees every request that reaches an action. */
async function withServer<T>(run: (base: string, build: ReturnType<typeof vi.fn>) => Promise<T>) {
  const build = vi.fn(() => Promise.reject(new Error("no React Router build in this test")));
  const server = createApp({ config: getConfig(), build }).listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  try {
    return await run(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, build);
  } finally {
    server.closeAllConnections();
    server.close();
  }
}

describe("request bodies are capped at 1 MB before anything reads them", () => {
  it("refuses a 20 MB form post with 413 at once, cuts the connection, and never reaches the action", async () => {
    await withServer(async (base, build) => {
      const answer = await sendRaw(`${base}/newsletter`, { headers: form, size: 20 * MB });
      expect(answer.status).toBe(413);
      expect(answer.body).toBe("Request body too large.");
      expect(answer.headers.connection).toBe("close");
      expect(answer.ms).toBeLessThan(2000);
      await answer.socketClosed;
      expect(build).not.toHaveBeenCalled();
    });
  });

  it("takes only declared lengths for Better Auth (411 for a chunked body), so it never reads a body that is then cut off", async () => {
    vi.mocked(getAuth).mockClear();
    await withServer(async (base) => {
      const answer = await sendRaw(`${base}/api/auth/sign-in/email`, { headers: { "content-type": "application/json" }, size: 100, chunked: true });
      expect(answer.status).toBe(411);
      expect(answer.body).toBe("Send the request with a Content-Length.");
      expect(getAuth).not.toHaveBeenCalled();
    });
  });

  it("refuses an oversized JSON body to Better Auth without calling it", async () => {
    vi.mocked(getAuth).mockClear();
    await withServer(async (base) => {
      const answer = await sendRaw(`${base}/api/auth/sign-in/email`, { headers: { "content-type": "application/json" }, size: MAX_BODY_BYTES + 1 });
      expect(answer.status).toBe(413);
      expect(getAuth).not.toHaveBeenCalled();
    });
  });

  it("leaves uploads to their own per-kind limits", async () => {
    await withServer(async (base) => {
      const answer = await sendRaw(`${base}/api/uploads/cover`, { headers: { "content-type": "multipart/form-data; boundary=x" }, size: 2 * MB });
      // Refused by the upload handler (no session), not by the body cap.
      expect(answer.status).not.toBe(413);
      expect(answer.body).not.toBe("Request body too large.");
    });
  });
});

describe("limitRequestBodies, with a handler that reads the whole body", () => {
  async function withReader<T>(run: (base: string, seen: number[]) => Promise<T>) {
    const seen: number[] = [];
    const app = express();
    app.use(limitRequestBodies());
    app.post("/echo", async (req, res) => {
      let length = 0;
      for await (const chunk of req) length += (chunk as Buffer).length;
      seen.push(length);
      res.json({ length });
    });
    app.use((_error: unknown, _req: express.Request, _res: express.Response, _next: express.NextFunction) => {});
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      return await run(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  }

  it("passes a body of exactly the cap, declared or chunked, whole", async () => {
    await withReader(async (base, seen) => {
      const declared = await sendRaw(`${base}/echo`, { headers: form, size: MAX_BODY_BYTES });
      const chunked = await sendRaw(`${base}/echo`, { headers: form, size: MAX_BODY_BYTES, chunked: true });
      expect([declared.status, chunked.status]).toEqual([200, 200]);
      expect(JSON.parse(chunked.body)).toEqual({ length: MAX_BODY_BYTES });
      expect(seen).toEqual([MAX_BODY_BYTES, MAX_BODY_BYTES]);
    });
  });

  it("stops a chunked body one chunk past the cap: the reader never gets more than 1 MB", async () => {
    await withReader(async (base, seen) => {
      const answer = await sendRaw(`${base}/echo`, { headers: form, size: 20 * MB, chunked: true });
      expect(answer.status).toBe(413);
      expect(answer.headers.connection).toBe("close");
      await answer.socketClosed;
      // The reader was cut off (no answer of its own) and had at most the cap.
      expect(seen.every((length) => length <= MAX_BODY_BYTES)).toBe(true);
    });
  });
});
