import { Link, NavLink } from "react-router";
import { useRootUser } from "~/root";
import { isAdminRole } from "~/lib/roles";

const NAV = [
  { to: "/courses", label: "Courses" },
  { to: "/playbooks", label: "Playbooks" },
  { to: "/blog", label: "Blog" },
  { to: "/testimonials", label: "Testimonials" },
  { to: "/pricing", label: "Pricing" },
  { to: "/about", label: "About" },
];

export function SiteHeader() {
  const user = useRootUser();
  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-6 px-4 sm:px-6">
        <Link to="/" className="text-lg font-bold tracking-tight">
          Launchpad Academy
        </Link>
        <nav aria-label="Main" className="hidden gap-5 text-sm font-medium lg:flex">
          {NAV.map((item) => (
            <NavLink key={item.to} to={item.to} className="text-muted-foreground hover:text-foreground aria-[current=page]:text-foreground">
              {item.label}
            </NavLink>
          ))}
        </nav>
        <div className="flex items-center gap-3 text-sm font-medium">
          {user ? (
            <>
              {isAdminRole(user.role) && <Link to="/admin">Admin</Link>}
              <Link to="/account">Account</Link>
            </>
          ) : (
            <>
              <Link to="/login">Sign in</Link>
              <Link to="/signup" className="rounded-md bg-primary px-3 py-2 text-primary-foreground">
                Get Started
              </Link>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
