import http from "node:http";

export type RawAnswer = { status: number; headers: http.IncomingHttpHeaders; body: string; ms: number; socketClosed: Promise<void> };

/**
 * Sends a request body piece by piece with Node's own client, so a test controls Content-Length
 * and chunking and still reads a server's early answer (e.g. a 413 sent while the body is still
 * on its way, after which the server cuts the connection). Stops writing once the answer is in.
 */
export function sendRaw(
  url: string,
  { method = "POST", headers = {}, size, chunkSize = 64 * 1024, chunked = false }: {
    method?: string;
    headers?: Record<string, string>;
    size: number;
    chunkSize?: number;
    chunked?: boolean;
  },
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const request = http.request(url, {
      method,
      headers: chunked ? { ...headers, "transfer-encoding": "chunked" } : { ...headers, "content-length": String(size) },
      agent: false,
    });
    let answered = false;
    const socketClosed = new Promise<void>((done) => request.once("close", () => done()));
    request.on("response", (response) => {
      answered = true;
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      const finish = () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body, ms: Date.now() - started, socketClosed });
      response.on("end", finish);
      response.on("error", finish);
      response.on("aborted", finish);
    });
    // Writing into a connection the server has cut fails; what matters is whether it answered first.
    request.on("error", (error) => {
      if (!answered) reject(error);
    });
    const piece = Buffer.alloc(chunkSize, "a");
    let sent = 0;
    const writeMore = () => {
      while (sent < size && !answered && !request.destroyed) {
        const next = piece.subarray(0, Math.min(chunkSize, size - sent));
        sent += next.length;
        if (!request.write(next)) return request.once("drain", writeMore);
      }
      if (!request.destroyed) request.end();
    };
    writeMore();
  });
}
