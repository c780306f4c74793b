import http from "node:http";

/** One answered (or failed) request of a load run. */
export type Sample = {
  name: string;
  /** When it was sent, in ms since the run began. */
  at: number;
  ms: number;
  /** The HTTP status, or 0 when the request got no answer (refused, reset, timed out). */
  status: number;
  error?: string;
  headers: http.IncomingHttpHeaders;
  body: string;
};

export type Probe = {
  name: string;
  method?: "GET" | "POST";
  path: string | (() => string);
  headers?: Record<string, string>;
  /** Form fields for a POST (urlencoded), made fresh for each request. */
  form?: () => Record<string, string>;
  /** Called with the answer, e.g. to remember an acknowledged write. */
  onAnswer?: (sample: Sample, sent: Record<string, string> | undefined) => void;
};

/**
 * One request with node:http (not fetch: no connection reuse across runs, no retries, and the
 * exact status even for a cut connection). `agent` decides keep-alive.
 */
export function request(
  base: string,
  { method = "GET", path, headers = {}, body }: { method?: string; path: string; headers?: Record<string, string>; body?: string },
  { agent, timeoutMs = 15_000 }: { agent?: http.Agent; timeoutMs?: number } = {},
): Promise<Omit<Sample, "name" | "at">> {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = http.request(
      `${base}${path}`,
      {
        method,
        agent,
        headers: { accept: "text/html", ...(body ? { "content-type": "application/x-www-form-urlencoded", "content-length": String(Buffer.byteLength(body)) } : {}), ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({ ms: performance.now() - started, status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }),
        );
        res.on("error", (error) => resolve({ ms: performance.now() - started, status: 0, error: error.message, headers: res.headers, body: "" }));
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on("error", (error) => resolve({ ms: performance.now() - started, status: 0, error: error.message, headers: {}, body: "" }));
    req.end(body);
  });
}

/**
 * `clients` loops, each sending the probes in turn until `stop()` is true. Every answer is kept.
 */
export async function runLoad({
  base,
  probes,
  clients,
  until,
  agent,
  pauseMs = 20,
}: {
  base: string;
  probes: Probe[];
  clients: number;
  until: () => boolean;
  agent?: http.Agent;
  pauseMs?: number;
}) {
  const samples: Sample[] = [];
  const began = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (let turn = client; !until(); turn++) {
        const probe = probes[turn % probes.length]!;
        const fields = probe.form?.();
        const at = performance.now() - began;
        const answer = await request(
          base,
          {
            method: probe.method ?? (fields ? "POST" : "GET"),
            path: typeof probe.path === "function" ? probe.path() : probe.path,
            headers: probe.headers,
            body: fields ? new URLSearchParams(fields).toString() : undefined,
          },
          { agent },
        );
        const sample = { name: probe.name, at, ...answer };
        samples.push(sample);
        probe.onAnswer?.(sample, fields);
        await new Promise((resolve) => setTimeout(resolve, pauseMs));
      }
    }),
  );
  return samples;
}

/** The p-th percentile (0–100) of these numbers. */
export function percentile(values: number[], p: number) {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** "status: count" for a quick look in a failure message. */
export function statusCounts(samples: Sample[]) {
  const counts: Record<string, number> = {};
  for (const sample of samples) {
    const key = `${sample.name} ${sample.status || sample.error}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}
