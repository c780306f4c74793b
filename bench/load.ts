// The load generator of `npm run bench`, run as a process of its own so it never shares a CPU
// thread with the server it measures: autocannon against 127.0.0.1 only, for a bounded time.
// Reads its job as JSON in argv[2] and prints the result as JSON on stdout.
import autocannon from "autocannon";

type Job = { base: string; paths: string[]; connections: number; seconds: number; headers: Record<string, string> };

const job = JSON.parse(process.argv[2] ?? "{}") as Job;
const url = new URL(job.base);
if (url.hostname !== "127.0.0.1") throw new Error("the benchmark talks to 127.0.0.1 only");

const result = await autocannon({
  url: job.base,
  connections: job.connections,
  duration: job.seconds,
  headers: job.headers,
  // Each connection walks the list of paths in turn (one path: the same page again and again).
  requests: job.paths.map((path) => ({ method: "GET", path })),
});

process.stdout.write(
  JSON.stringify({
    rps: result.requests.average,
    total: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    statusCodes: result.statusCodeStats,
  }),
);
