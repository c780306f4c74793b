import { Link } from "react-router";
import { NewsletterForm } from "~/components/newsletter-form";
import { useSiteSettings } from "~/components/use-site-settings";

const GROUPS = [
  {
    title: "Learn",
    links: [
      ["/courses", "Courses"],
      ["/playbooks", "Playbooks"],
      ["/blog", "Blog"],
      ["/pricing", "Pricing"],
    ],
  },
  {
    title: "Company",
    links: [
      ["/about", "About"],
      ["/testimonials", "Testimonials"],
      ["/contact", "Contact"],
      ["/#faq", "FAQ"],
    ],
  },
  {
    title: "Legal",
    links: [
      ["/privacy", "Privacy Policy"],
      ["/terms", "Terms of Service"],
      ["/refund", "Refund Policy"],
    ],
  },
] as const;

/** `pages`: the owner's pages that asked to be in the footer, listed under Company. */
export function SiteFooter({ pages = [] }: { pages?: { to: string; label: string }[] }) {
  const { schoolName, tagline } = useSiteSettings();
  const groups = GROUPS.map((group) =>
    group.title === "Company" ? { ...group, links: [...group.links, ...pages.map((page) => [page.to, page.label] as const)] } : group,
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
        </div>
        <div className="grid grid-cols-2 gap-8 sm:grid-cols-3 lg:col-span-3">
          {groups.map((group) => (
            <nav key={group.title} aria-labelledby={`footer-${group.title.toLowerCase()}`}>
              <h2 id={`footer-${group.title.toLowerCase()}`} className="text-sm font-semibold">
                {group.title}
              </h2>
              <ul className="mt-3 space-y-2 text-sm">
                {group.links.map(([to, label]) => (
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
