import { Link } from "react-router";
import { Bell } from "lucide-react";
import { Button } from "~/components/ui/button";
import { useRootUser } from "~/components/use-root-user";
import { isAdminRole } from "~/lib/roles";
import { DEFAULT_NAVIGATION } from "~/lib/navigation";

export type NavItem = { to: string; label: string };

/** The header's page links after Courses, on desktop and in the mobile drawer. */
export const SITE_NAV: NavItem[] = DEFAULT_NAVIGATION.header;

/** Sign in and Get Started, or Admin (for admins) and Account once signed in. */
export function AccountLinks({ stacked = false }: { stacked?: boolean }) {
  const user = useRootUser();
  const size = stacked ? "default" : "sm";
  const width = stacked ? "w-full" : undefined;
  if (user) {
    return (
      <>
        {isAdminRole(user.role) ? (
          <Button asChild variant="outline" size={size} className={width}>
            <Link to="/admin">Admin</Link>
          </Button>
        ) : null}
        <Button asChild variant="ghost" size={size} className={width}>
          <Link
            to="/account/notifications"
            aria-label={user.unreadNotifications > 0 ? `Notifications, ${user.unreadNotifications} unread` : "Notifications"}
            className="relative"
          >
            <Bell aria-hidden="true" />
            {stacked ? <span>Notifications</span> : null}
            {user.unreadNotifications > 0 ? (
              <span
                aria-hidden="true"
                className="rounded-full bg-destructive px-1.5 text-xs font-semibold text-destructive-foreground tabular-nums"
              >
                {user.unreadNotifications > 99 ? "99+" : user.unreadNotifications}
              </span>
            ) : null}
          </Link>
        </Button>
        <Button asChild size={size} className={width}>
          <Link to="/account">Account</Link>
        </Button>
      </>
    );
  }
  return (
    <>
      <Button asChild variant="ghost" size={size} className={width}>
        <Link to="/login">Sign in</Link>
      </Button>
      <Button asChild size={size} className={width}>
        <Link to="/signup">Get Started</Link>
      </Button>
    </>
  );
}
