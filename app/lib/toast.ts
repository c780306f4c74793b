/**
 * A message for the person who just acted; `id` tells one showing from the next. The server
 * makes it (`server/toast.server.ts`) and `components/use-toast-once.ts` shows it. A success
 * toast may add a line under its title (§8: "Welcome back!" / "You have been signed in
 * successfully."); an error toast is titled "Error" with the message under it.
 */
export type Toast = { id: string; kind: "success" | "error"; message: string; description?: string };
