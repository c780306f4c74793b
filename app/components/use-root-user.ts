import { useRouteLoaderData } from "react-router";
import type { Role } from "~/lib/domain-values";

/** The signed-in user as the root loader gives them to every page (app/root.tsx): public fields only. */
/** `unreadNotifications`: the bell's number (discussions, issue 42). */
export type RootUser = { id: string; name: string; email: string; role: Role; image: string | null; unreadNotifications: number };

/** The signed-in user (or null) anywhere below the root. */
export function useRootUser(): RootUser | null {
  return useRouteLoaderData<{ user?: RootUser | null }>("root")?.user ?? null;
}
