/**
 * A message for the person who just acted; `id` tells one showing from the next. The server
 * makes it (`server/toast.server.ts`) and `components/use-toast-once.ts` shows it.
 */
export type Toast = { id: string; kind: "success" | "error"; message: string };
