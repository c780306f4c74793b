import { NavLink } from "react-router";
import {
  Boxes,
  Activity,
  ChartColumn,
  Database,
  GraduationCap,
  KeyRound,
  LayoutDashboard,
  ListChecks,
  Percent,
  MailCheck,
  Megaphone,
  MessageSquareText,
  MessagesSquare,
  Newspaper,
  PanelsTopLeft,
  Receipt,
  Settings,
  Tags,
  TicketPercent,
  Users,
  Handshake,
} from "lucide-react";
import { cn } from "~/lib/utils";

const ITEMS = [
  { to: "/admin", label: "Overview", icon: LayoutDashboard, end: true },
  { to: "/admin/setup-sql", label: "SQL reference", icon: Database, end: false },
  { to: "/admin/pages", label: "Pages", icon: PanelsTopLeft, end: false },
  { to: "/admin/blog", label: "Blog", icon: Newspaper, end: false },
  { to: "/admin/courses", label: "Courses", icon: GraduationCap, end: false },
  { to: "/admin/topics", label: "Topics", icon: Tags, end: false },
  { to: "/admin/bundles", label: "Bundles", icon: Boxes, end: false },
  { to: "/admin/reviews", label: "Reviews", icon: MessageSquareText, end: false },
  { to: "/admin/discussions", label: "Discussions", icon: MessagesSquare, end: false },
  { to: "/admin/announcements", label: "Announcements", icon: Megaphone, end: false },
  { to: "/admin/subscribers", label: "Subscribers", icon: MailCheck, end: false },
  { to: "/admin/users", label: "Users", icon: Users, end: false },
  { to: "/admin/orders", label: "Orders", icon: Receipt, end: false },
  { to: "/admin/coupons", label: "Coupons", icon: TicketPercent, end: false },
  { to: "/admin/affiliates", label: "Affiliates", icon: Handshake, end: false },
  { to: "/admin/analytics", label: "Analytics", icon: ChartColumn, end: false },
  { to: "/admin/quizzes", label: "Quizzes", icon: ListChecks, end: false },
  { to: "/admin/tax", label: "Tax", icon: Percent, end: false, superAdminOnly: true },
  { to: "/admin/settings", label: "Settings", icon: Settings, end: false, superAdminOnly: true },
  { to: "/admin/system", label: "System", icon: Activity, end: false, superAdminOnly: true },
  { to: "/admin/developers", label: "Developers", icon: KeyRound, end: false, superAdminOnly: true },
];

/**
 * The back office menu: a column beside the page from 768px, a wrapping row above it on phones.
 * Entries a plain admin may not open are left out (their routes refuse them anyway); a course's
 * instructor who is not an admin (`inboxOnly`) sees Discussions alone.
 */
export function AdminSidebar({ role, inboxOnly = false }: { role: string; inboxOnly?: boolean }) {
  const items = inboxOnly
    ? ITEMS.filter((item) => item.to === "/admin/discussions")
    : ITEMS.filter((item) => !item.superAdminOnly || role === "super_admin");
  return (
    <nav aria-label="Admin" className="md:sticky md:top-0">
      <ul className="flex flex-wrap gap-1 md:flex-col">
        {items.map(({ to, label, icon: Icon, end }) => (
          <li key={to}>
            <NavLink
              to={to}
              end={end}
              className={({ isActive }) =>
                cn(
                  "flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:bg-secondary hover:text-foreground",
                  isActive && "bg-secondary text-foreground",
                )
              }
            >
              <Icon aria-hidden="true" className="size-4" />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
