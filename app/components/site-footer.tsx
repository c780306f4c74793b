import { Link } from "react-router";

const GROUPS = [
  { title: "Learn", links: [["/courses", "Courses"], ["/playbooks", "Playbooks"], ["/blog", "Blog"], ["/pricing", "Pricing"]] },
  { title: "Company", links: [["/about", "About"], ["/testimonials", "Testimonials"], ["/contact", "Contact"]] },
  { title: "Legal", links: [["/privacy", "Privacy"], ["/terms", "Terms"], ["/refund", "Refund policy"]] },
] as const;

export function SiteFooter() {
  return (
    <footer className="mt-24 border-t bg-muted">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-4">
        <div>
          <p className="font-bold">Launchpad Academy</p>
          <p className="mt-2 text-sm text-muted-foreground">Practical courses for Shopify, AI and automation.</p>
        </div>
        {GROUPS.map((group) => (
          <nav key={group.title} aria-label={group.title}>
            <h2 className="text-sm font-semibold">{group.title}</h2>
            <ul className="mt-3 space-y-2 text-sm">
              {group.links.map(([to, label]) => (
                <li key={to}>
                  <Link to={to} className="text-muted-foreground hover:text-foreground">
                    {label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <p className="border-t py-6 text-center text-xs text-muted-foreground">© {new Date().getFullYear()} Launchpad Academy</p>
    </footer>
  );
}
