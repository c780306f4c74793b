import { PassThrough } from "node:stream";
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
          const body = new PassThrough();
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
