import type { Route } from "./+types/announcement-new";
import { newAnnouncementAction, newAnnouncementLoader } from "./announcements.server";

export function loader({ request, context }: Route.LoaderArgs) {
  return newAnnouncementLoader({ request, context });
}

export function action({ request, context }: Route.ActionArgs) {
  return newAnnouncementAction({ request, context });
}
