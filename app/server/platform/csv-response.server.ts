import { logger } from "./logger.server";

/** A CSV download: the headers every export answers with (never cached, never sniffed as HTML). */
export function csvResponse(body: BodyInit, filename: string) {
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/**
 * A CSV export streamed batch by batch (`pieces`: the header, then each batch), each read only
 * when the client has taken the previous one. The header and the first batch are read before
 * answering, so a database that is down gets `onFailure`'s answer (the list's error message)
 * instead of a download cut short.
 */
export async function streamCsvExport({
  pieces,
  filename,
  what,
  onFailure,
}: {
  pieces: AsyncGenerator<string, void, unknown>;
  filename: string;
  /** For the log: "user export", "subscriber export". */
  what: string;
  onFailure: () => Response | Promise<Response>;
}) {
  let first: string;
  try {
    first = (await pieces.next()).value ?? "";
    const batch = await pieces.next();
    if (!batch.done) first += batch.value;
  } catch (error) {
    logger.error({ err: error }, `${what} failed`);
    return onFailure();
  }
  const encoder = new TextEncoder();
  let sentFirst = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!sentFirst) {
        sentFirst = true;
        controller.enqueue(encoder.encode(first));
        return;
      }
      try {
        const next = await pieces.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      } catch (error) {
        logger.error({ err: error }, `${what} failed part way`);
        controller.error(error);
      }
    },
    async cancel() {
      await pieces.return(undefined);
    },
  });
  return csvResponse(body, filename);
}
