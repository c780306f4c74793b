import { Worker } from "node:worker_threads";
import { pgliteStatements } from "./pglite-statements.server";

/**
 * The embedded database (PGlite) in a thread of its own (docs/decisions/077): PostgreSQL's
 * WebAssembly and PGlite's protocol code run beside the web's JavaScript instead of taking turns
 * with it on one core. The web process keeps a small stand-in with the part of PGlite's interface
 * Drizzle, the job queue and this app use (`query`, `exec`, `transaction`, `listen`, `close`), and
 * every call is a message to the thread. The thread runs the same PGlite calls in the same order,
 * so PGlite's own rules hold as before: one statement at a time, and a statement outside a
 * transaction waits for the open transaction to end.
 */

type QueryOptions = { rowMode?: "array" | "object"; parsers?: Record<number, (value: string, typeId: number) => unknown> };
export type ThreadResults<T> = { rows: T[]; fields: { name: string; dataTypeID: number }[]; affectedRows?: number };

type Request =
  | { op: "open"; dataDir: string; urls: { pglite: string; pgTrgm: string } }
  | { op: "query"; txId?: number; text: string; params?: unknown[]; rowMode?: "array" | "object"; textTypes: number[] }
  | { op: "exec"; txId?: number; text: string }
  | { op: "begin"; txId: number }
  | { op: "commit" | "rollback"; txId: number }
  | { op: "listen"; channel: string }
  | { op: "close" };
type Reply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: Record<string, unknown> } | { notify: string; payload: string };

/**
 * The thread's program, run from its source text (`eval`) so the built server needs no second
 * file, and kept as plain JavaScript in a string so no build step rewrites its `import()`. PGlite
 * is imported from the URL the web process resolved. Each message is one PGlite call; a
 * transaction stays open (PGlite holds its lock) until the web process says commit or roll back.
 * Queries run as prepared statements (`pgliteStatements`, whose source is embedded here).
 */
const THREAD_PROGRAM = String.raw`
const { parentPort } = require("node:worker_threads");
// A loader that keeps function names (tsx, for the scripts) puts calls to its __name helper
// inside the embedded function; here they do nothing.
var __name = (target) => target;
const pgliteStatements = (${pgliteStatements.toString()});
let pg;
let statements;
const transactions = new Map();
const identity = (value) => value;
const post = (message) => parentPort.postMessage(message);
const describe = (error) => {
  const fields = { message: error instanceof Error ? error.message : String(error), name: error instanceof Error ? error.name : "Error" };
  if (error && typeof error === "object")
    for (const [key, value] of Object.entries(error))
      if (value === null || ["string", "number", "boolean"].includes(typeof value)) fields[key] = value;
  return fields;
};
const target = (txId) => {
  if (txId === undefined || txId === null) return pg;
  const open = transactions.get(txId);
  if (!open) throw new Error("Transaction is closed");
  return open.tx;
};
const shape = (result) => ({ rows: result.rows, fields: result.fields, affectedRows: result.affectedRows });
const handle = async (request) => {
  switch (request.op) {
    case "open": {
      const [pglite, { pg_trgm }] = await Promise.all([import(request.urls.pglite), import(request.urls.pgTrgm)]);
      pg = await pglite.PGlite.create(request.dataDir, { extensions: { pg_trgm } });
      const { parseResults, parseDescribeStatementResults } = pglite.parse;
      statements = pgliteStatements(pg, { serialize: pglite.protocol.serialize, parseResults, parseDescribeStatementResults });
      return null;
    }
    case "query": {
      const options = { rowMode: request.rowMode, parsers: Object.fromEntries(request.textTypes.map((type) => [type, identity])) };
      if (request.txId === undefined || request.txId === null) return shape(await statements.query(request.text, request.params, options));
      return shape(await statements.queryInTransaction(target(request.txId), request.text, request.params, options));
    }
    case "exec":
      return (await target(request.txId).exec(request.text)).map(shape);
    case "begin":
      return await new Promise((begun, failed) => {
        const done = pg.transaction(
          (tx) =>
            new Promise((commit, rollback) => {
              transactions.set(request.txId, { tx, done, end: (yes) => (yes ? commit(null) : rollback(new Error("rolled back"))) });
              begun(null);
            }),
        );
        done.catch(failed);
      });
    case "commit":
    case "rollback": {
      const open = transactions.get(request.txId);
      transactions.delete(request.txId);
      if (!open) throw new Error("Transaction is closed");
      open.end(request.op === "commit");
      if (request.op === "commit") return await open.done;
      return await open.done.then(() => null, () => null);
    }
    case "listen":
      await pg.listen(request.channel, (payload) => post({ notify: request.channel, payload }));
      return null;
    case "close":
      await pg?.close();
      return null;
  }
};
parentPort.on("message", ({ id, request }) => {
  handle(request).then(
    (value) => post({ id, ok: true, value }),
    (error) => post({ id, ok: false, error: describe(error) }),
  );
});
`;

/** The types a query's parsers keep as text. Drizzle passes `(value) => value` for dates and intervals; any other parser cannot cross to the thread. */
function textTypesOf(options: QueryOptions | undefined) {
  return Object.entries(options?.parsers ?? {}).map(([type, parser]) => {
    const probe = "1999-01-08 04:05:06+00";
    if (parser(probe, Number(type)) !== probe) throw new Error(`A PGlite parser for type ${type} that changes values cannot run in the database thread`);
    return Number(type);
  });
}

function restoreError(fields: Record<string, unknown>) {
  const error = new Error(String(fields.message)) as Error & Record<string, unknown>;
  Object.assign(error, fields);
  return error;
}

export type ThreadedPglite = Awaited<ReturnType<typeof openPgliteInThread>>;

export async function openPgliteInThread(dataDir: string) {
  const worker = new Worker(THREAD_PROGRAM, { eval: true });
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: unknown) => void }>();
  const listeners = new Map<string, Set<(payload: string) => void>>();
  let nextId = 0;
  let nextTxId = 0;
  let failure: Error | undefined;
  // The thread keeps the process alive only while an answer is awaited, as a socket would.
  worker.unref();
  worker.on("message", (reply: Reply) => {
    if ("notify" in reply) {
      for (const listener of listeners.get(reply.notify) ?? []) listener(reply.payload);
      return;
    }
    const waiting = pending.get(reply.id);
    if (!waiting) return;
    pending.delete(reply.id);
    if (pending.size === 0) worker.unref();
    if (reply.ok) waiting.resolve(reply.value);
    else waiting.reject(restoreError(reply.error));
  });
  const failAll = (error: Error) => {
    failure = error;
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  };
  worker.on("error", failAll);
  worker.on("exit", (code) => failAll(new Error(`The database thread stopped (exit code ${code})`)));

  const call = <T>(request: Request) =>
    new Promise<T>((resolve, reject) => {
      if (failure) return reject(failure);
      const id = nextId++;
      if (pending.size === 0) worker.ref();
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ id, request });
    });

  const queryOn =
    (txId: number | undefined) =>
    async <T>(text: string, params?: unknown[], options?: QueryOptions) =>
      call<ThreadResults<T>>({ op: "query", txId, text, params, rowMode: options?.rowMode, textTypes: textTypesOf(options) });
  const execOn = (txId: number | undefined) => (text: string) => call<ThreadResults<Record<string, unknown>>[]>({ op: "exec", txId, text });

  try {
    await call({
      op: "open",
      dataDir,
      urls: { pglite: import.meta.resolve("@electric-sql/pglite"), pgTrgm: import.meta.resolve("@electric-sql/pglite/contrib/pg_trgm") },
    });
  } catch (error) {
    // A database that cannot open leaves no thread behind holding its files.
    await worker.terminate();
    throw error;
  }

  return {
    query: queryOn(undefined),
    exec: execOn(undefined),
    async transaction<T>(work: (tx: { query: ReturnType<typeof queryOn>; exec: ReturnType<typeof execOn>; closed: boolean }) => Promise<T>) {
      const txId = nextTxId++;
      await call({ op: "begin", txId });
      const tx = { query: queryOn(txId), exec: execOn(txId), closed: false };
      let result: T;
      try {
        result = await work(tx);
      } catch (error) {
        tx.closed = true;
        await call({ op: "rollback", txId });
        throw error;
      }
      tx.closed = true;
      await call({ op: "commit", txId });
      return result;
    },
    async listen(channel: string, onPayload: (payload: string) => void) {
      let channelListeners = listeners.get(channel);
      if (!channelListeners) {
        channelListeners = new Set();
        listeners.set(channel, channelListeners);
        await call({ op: "listen", channel });
      }
      channelListeners.add(onPayload);
      return async () => void channelListeners.delete(onPayload);
    },
    async close() {
      try {
        if (!failure) await call({ op: "close" });
      } finally {
        await worker.terminate();
      }
    },
  };
}
