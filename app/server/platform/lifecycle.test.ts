import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type * as LifecycleModule from "~/server/platform/lifecycle.server";

/**
 * The shutdown's handling of keep-alive connections, on a real HTTP server and raw sockets, so
 * the moment a request is written is exact: the process test (graceful-shutdown.process.test.ts)
 * covers the whole production server under load.
 */

let server: http.Server | undefined;
let lifecycle: typeof LifecycleModule;

// The shutdown state is process-wide (a process shuts down once): each test loads it afresh.
beforeEach(async () => {
  delete (globalThis as { __courseSiteShutdown?: unknown }).__courseSiteShutdown;
  vi.resetModules();
  lifecycle = await import("~/server/platform/lifecycle.server");
});
const listeners = { SIGTERM: process.listeners("SIGTERM"), SIGINT: process.listeners("SIGINT") };

afterEach(() => {
  server?.closeAllConnections();
  server?.close();
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    for (const listener of process.listeners(signal)) if (!listeners[signal].includes(listener)) process.off(signal, listener);
  }
});

/** A raw HTTP/1.1 connection that collects what the server writes and tells when it is closed. */
function rawConnection(port: number) {
  const socket = net.connect(port, "127.0.0.1");
  let received = "";
  socket.on("data", (chunk) => (received += chunk.toString()));
  const ended = new Promise<string>((resolve) => {
    socket.on("error", (error) => resolve(`error: ${(error as NodeJS.ErrnoException).code}`));
    socket.on("close", () => resolve("closed"));
  });
  return {
    socket,
    ready: new Promise<void>((resolve) => socket.once("connect", () => resolve())),
    request: (path: string) => socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n`),
    received: () => received,
    /** How many complete answers arrived (each body is one short line). */
    answers: () => received.split("HTTP/1.1 ").length - 1,
    ended,
  };
}

async function waitFor(check: () => boolean) {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
}

async function startServer() {
  const app = express();
  app.use(lifecycle.closeConnectionsWhenDraining);
  app.get("/page", (_req, res) => void res.type("text/plain").send("a page\n"));
  const started = http.createServer(app);
  await new Promise<void>((resolve) => started.listen(0, "127.0.0.1", resolve));
  server = started;
  return { server: started, port: (started.address() as AddressInfo).port };
}

describe("graceful shutdown and keep-alive connections", () => {
  it("answers, with Connection: close, a request sent on an idle keep-alive connection just after the signal, then closes the connection; new connections are refused", async () => {
    const { server, port } = await startServer();
    const exits: number[] = [];
    const { shutdown } = lifecycle.installGracefulShutdown({ server, closeDatabase: async () => {}, exit: (code) => exits.push(code), idleGraceMs: 1_000 });

    const client = rawConnection(port);
    await client.ready;
    client.request("/page");
    await waitFor(() => client.answers() === 1);
    expect(client.received()).toContain("a page");
    expect(client.received().toLowerCase()).toContain("connection: keep-alive");

    // The connection is idle now. The signal comes, and the client's next request is already on its way.
    const stopping = shutdown("SIGTERM");
    client.request("/page");
    expect(await client.ended).toBe("closed");
    expect(client.answers()).toBe(2);
    const second = client.received().slice(client.received().lastIndexOf("HTTP/1.1 "));
    expect(second).toMatch(/^HTTP\/1\.1 200/);
    expect(second.toLowerCase()).toContain("connection: close");
    expect(second).toContain("a page");

    const refused = await new Promise<string>((resolve) => {
      const socket = net.connect(port, "127.0.0.1");
      socket.on("connect", () => resolve("accepted"));
      socket.on("error", (error) => resolve((error as NodeJS.ErrnoException).code ?? "error"));
    });
    expect(refused).toBe("ECONNREFUSED");
    await stopping;
    expect(exits).toEqual([0]);
  });

  it("closes a keep-alive connection that stays idle through the grace, and exits 0 without waiting for the deadline", async () => {
    const { server, port } = await startServer();
    const exits: number[] = [];
    const { shutdown } = lifecycle.installGracefulShutdown({ server, closeDatabase: async () => {}, exit: (code) => exits.push(code), idleGraceMs: 200, deadlineMs: 5_000 });

    const client = rawConnection(port);
    await client.ready;
    client.request("/page");
    await waitFor(() => client.answers() === 1);

    const began = performance.now();
    await shutdown("SIGTERM");
    const tookMs = performance.now() - began;
    expect(await client.ended).toBe("closed");
    expect(client.answers()).toBe(1);
    expect(exits).toEqual([0]);
    // Closed when the grace (200 ms) ended; the deadline (5 s) would have exited 1.
    expect(tookMs).toBeGreaterThanOrEqual(190);
  });
});
