import { Transform } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type EntryContext, type RouterContextProvider } from "react-router";
import { NonceProvider } from "~/lib/nonce";
import { requestInfoContext } from "~/lib/request-context";
import { noteDatabaseFailure } from "~/server/db/availability.server";
import { logger } from "~/server/platform/logger.server";

export const streamTimeout = 5_000;

/**
 * Every error a loader, action or middleware throws (not thrown responses) comes here once. A lost
 * database opens the outage circuit (logged once per outage, and the answer becomes a 503); any
 * other error is logged once, with its cause and the request's id. Aborted requests are not errors.
 */
export function handleError(error: unknown, { request, context }: { request: Request; context?: Readonly<RouterContextProvider> }) {
  if (request.signal.aborted) return;
  if (noteDatabaseFailure(error)) return;
  if (process.env.NODE_ENV !== "production") {
    // Development and tests: the full error on the console (a test fails on an unexpected one).
    console.error(error);
    return;
  }
  let requestId: string | undefined;
  try {
    requestId = context?.get(requestInfoContext).requestId;
  } catch {
    // no request info (a request that did not come through server.ts)
  }
  logger.error({ err: error, requestId, url: new URL(request.url).pathname }, "unhandled error in a route");
}

/**
 * The HTML stream, with what React writes in one turn of the event loop passed on as one chunk
 * (issue 44, docs/decisions/076). React hands over its output 4 KB at a time, and React Router
 * flushes the compression after every chunk it is given: fifteen-odd Brotli flushes per page
 * cost CPU and made the response larger. A part that arrives later (a deferred section, the
 * data React Router streams) still goes out as soon as it is written.
 */
function gatheredByTurn() {
  let gathered: Buffer[] = [];
  let scheduled = false;
  const passOn = () => {
    scheduled = false;
    if (gathered.length === 0) return;
    stream.push(gathered.length === 1 ? gathered[0] : Buffer.concat(gathered));
    gathered = [];
  };
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      gathered.push(chunk);
      if (!scheduled) {
        scheduled = true;
        setImmediate(passOn);
      }
      callback();
    },
    flush(callback) {
      passOn();
      callback();
    },
  });
  return stream;
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const { nonce } = loadContext.get(requestInfoContext);
  // Crawlers and no-JS visitors get the whole document at once; browsers get it streamed.
  const waitForAll = isbot(request.headers.get("user-agent") ?? "") || routerContext.isSpaMode;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [waitForAll ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          const body = gatheredByTurn();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}
