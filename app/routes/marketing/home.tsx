import { useRouteLoaderData } from "react-router";
import type { Route } from "./+types/home";
import { PageSections } from "~/components/page-sections";
import { useSiteSettings } from "~/components/use-site-settings";
import { useNonce } from "~/lib/nonce";
import { pageMeta, siteSettingsOf } from "~/lib/seo";

export { loader } from "./home.server";

/** The owner's home page: its sections (Admin → Pages) and the description they gave it for search engines. */
export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: siteSettingsOf(args).schoolName,
    description: args.loaderData?.description || siteSettingsOf(args).tagline,
    path: "/",
  });

/** Organization structured data for search engines; the nonce lets it through the CSP. */
function OrganizationJsonLd({ description }: { description: string }) {
  const nonce = useNonce();
  const { schoolName, logoUrl, supportEmail } = useSiteSettings();
  const origin = useRouteLoaderData<{ origin: string }>("root")?.origin ?? "";
  const organization = {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: schoolName,
    url: `${origin}/`,
    ...(logoUrl ? { logo: logoUrl.startsWith("https://") ? logoUrl : `${origin}${logoUrl}` } : {}),
    ...(description ? { description } : {}),
    email: supportEmail,
    contactPoint: { "@type": "ContactPoint", contactType: "customer support", email: supportEmail, availableLanguage: "English" },
  };
  return (
    <script
      type="application/ld+json"
      nonce={nonce}
      suppressHydrationWarning
      // JSON.stringify output cannot close the script element once "<" is escaped.
      dangerouslySetInnerHTML={{ __html: JSON.stringify(organization).replace(/</g, "\\u003c") }}
    />
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <OrganizationJsonLd description={loaderData.description} />
      <PageSections sections={loaderData.sections} />
    </>
  );
}
