/**
 * The signed-in user of a request, for its log line: the session middleware (React Router) notes
 * it under the request's id, and the request logger (pino-http in server.ts) takes it when the
 * response is done. Only the id is logged, never an e-mail, a password or a token.
 */
const users = new Map<string, string>();
/** Requests that never finish (a dropped connection) must not grow the map for ever. */
const MAX_PENDING = 10_000;

export function noteRequestUser(requestId: string | undefined, userId: string) {
  if (!requestId) return;
  if (users.size >= MAX_PENDING) users.delete(users.keys().next().value!);
  users.set(requestId, userId);
}

/** The user id noted for this request (and forgets it). */
export function takeRequestUser(requestId: unknown): string | undefined {
  const key = String(requestId ?? "");
  const userId = users.get(key);
  users.delete(key);
  return userId;
}
