import { Link } from "react-router";
import { NewsletterForm } from "~/components/newsletter-form";
import { useSiteSettings } from "~/components/use-site-settings";
import type { NavigationArea } from "~/lib/domain-values";
import { DEFAULT_NAVIGATION, type NavLink } from "~/lib/navigation";

const COLUMNS = [
  { area: "footer_learn", title: "Learn" },
  { area: "footer_company", title: "Company" },
  { area: "footer_legal", title: "Legal" },
] as const;

/** `navigation`: the footer's three columns as the owner arranged them (the site's defaults otherwise); `social`: the school's social links. */
export function SiteFooter({
  navigation = DEFAULT_NAVIGATION,
  social = [],
}: {
  navigation?: Record<NavigationArea, NavLink[]>;
  social?: { network: string; label: string; url: string }[];
}) {
  const { schoolName, tagline } = useSiteSettings();
  const groups = COLUMNS.map((column) => ({ title: column.title, links: navigation[column.area] })).filter(
    (group) => group.links.length > 0,
  );
  return (
    <footer className="mt-24 border-t bg-muted">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[1.4fr_repeat(3,1fr)]">
        <div className="max-w-md">
          <p className="text-lg font-bold tracking-tight">{schoolName}</p>
          {tagline ? <p className="mt-2 text-sm text-muted-foreground">{tagline}</p> : null}
          <h2 id="footer-newsletter-heading" className="mt-6 text-sm font-semibold">
            Get Playbooks
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            One practical playbook in your inbox about twice a month. No spam, unsubscribe any time.
          </p>
          <NewsletterForm formId="footer" className="mt-3" />
          {social.length > 0 ? (
            <nav aria-label="Social links" className="mt-6">
              <ul className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
                {social.map((link) => (
                  <li key={link.network}>
                    <a href={link.url} rel="me noopener" className="text-muted-foreground hover:text-foreground hover:underline">
                      {link.label}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
        </div>
        <div className="grid grid-cols-2 gap-8 sm:grid-cols-3 lg:col-span-3">
          {groups.map((group) => (
            <nav key={group.title} aria-labelledby={`footer-${group.title.toLowerCase()}`}>
              <h2 id={`footer-${group.title.toLowerCase()}`} className="text-sm font-semibold">
                {group.title}
              </h2>
              <ul className="mt-3 space-y-2 text-sm">
                {group.links.map(({ to, label }) => (
                  <li key={to}>
                    <Link to={to} className="text-muted-foreground hover:text-foreground hover:underline">
                      {label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
      </div>
      <p className="border-t py-6 text-center text-xs text-muted-foreground">
        © {new Date().getFullYear()} {schoolName}. All rights reserved.
      </p>
    </footer>
  );
}
