import { NAVIGATION_AREAS, SOCIAL_NETWORKS, type NavigationArea, type SocialNetwork } from "~/lib/domain-values";

/**
 * The site's navigation lists (docs/decisions/052-make-it-yours.md): the links each list starts
 * with, and the rule for a social link. Shared by the public layout and Admin → Pages → Navigation.
 */

export type NavLink = { to: string; label: string };

export const NAVIGATION_AREA_LABELS: Record<NavigationArea, string> = {
  header: "Header",
  footer_learn: "Footer: Learn",
  footer_company: "Footer: Company",
  footer_legal: "Footer: Legal",
};

/** The site's own links in each list, as a new school shows them. The header's Courses menu comes first and is not in the list. */
export const DEFAULT_NAVIGATION: Record<NavigationArea, NavLink[]> = {
  header: [
    { to: "/playbooks", label: "Playbooks" },
    { to: "/blog", label: "Blog" },
    { to: "/testimonials", label: "Testimonials" },
    { to: "/pricing", label: "Pricing" },
    { to: "/about", label: "About" },
  ],
  footer_learn: [
    { to: "/courses", label: "Courses" },
    { to: "/playbooks", label: "Playbooks" },
    { to: "/blog", label: "Blog" },
    { to: "/pricing", label: "Pricing" },
  ],
  footer_company: [
    { to: "/about", label: "About" },
    { to: "/testimonials", label: "Testimonials" },
    { to: "/contact", label: "Contact" },
    { to: "/#faq", label: "FAQ" },
  ],
  footer_legal: [
    { to: "/privacy", label: "Privacy Policy" },
    { to: "/terms", label: "Terms of Service" },
    { to: "/refund", label: "Refund Policy" },
  ],
};

export const isNavigationArea = (value: unknown): value is NavigationArea => (NAVIGATION_AREAS as readonly unknown[]).includes(value);

/** The host names each network's links may point to. */
const SOCIAL_HOSTS: Record<SocialNetwork, string[]> = {
  x: ["x.com", "twitter.com"],
  facebook: ["facebook.com", "fb.com"],
  instagram: ["instagram.com"],
  youtube: ["youtube.com", "youtu.be"],
  linkedin: ["linkedin.com"],
  tiktok: ["tiktok.com"],
};

export const NAVIGATION_MESSAGES = {
  saved: "Navigation saved",
  socialSaved: "Social links saved",
  labelRequired: "A link needs its label",
  labelTooLong: "Must be at most 40 characters",
  unknownLink: "This link is no longer available: reload the page",
  socialHttps: "A social link must be an https:// address",
  socialHost: (network: string) => `This is not an address on ${network}`,
} as const;

/** Why a social link is refused, or null when it is fine: https only (never javascript:), on the network's own site. */
export function socialLinkProblem(network: SocialNetwork, value: string, networkLabel: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return NAVIGATION_MESSAGES.socialHttps;
  }
  if (url.protocol !== "https:" || url.username || url.password) return NAVIGATION_MESSAGES.socialHttps;
  const host = url.hostname.toLowerCase();
  if (!SOCIAL_HOSTS[network].some((allowed) => host === allowed || host.endsWith(`.${allowed}`))) {
    return NAVIGATION_MESSAGES.socialHost(networkLabel);
  }
  return null;
}

export const isSocialNetwork = (value: unknown): value is SocialNetwork => (SOCIAL_NETWORKS as readonly unknown[]).includes(value);
