import { Link } from "react-router";
import type { Route } from "./+types/privacy";
import { LegalPage, type LegalSection } from "~/components/marketing-legal";
import { pageMeta, siteSettingsOf } from "~/lib/seo";
import { useSiteSettings } from "~/components/use-site-settings";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Privacy Policy",
    description: `What information ${siteSettingsOf(args).schoolName} collects, how we use and protect it, who we share it with, and the rights you have over it.`,
    path: "/privacy",
  });

const SECTIONS: LegalSection[] = [
  {
    id: "information-we-collect",
    title: "Information We Collect",
    body: (
      <>
        <p>We collect only what we need to run your account and the courses you take:</p>
        <ul>
          <li>
            Account details you give us: your name, email address, password (stored only as a secure hash) and, if you add one, a profile
            photo.
          </li>
          <li>Learning activity: the courses you can access, the lessons you complete and where you stopped in a video.</li>
          <li>
            Purchases: what you bought, when, and the amount. Card details are handled by our payment provider and never reach our servers.
          </li>
          <li>Messages: what you send through the contact form or to our support address, and your newsletter subscription status.</li>
          <li>Technical data: your IP address, browser and device type, recorded in server logs for security and troubleshooting.</li>
        </ul>
      </>
    ),
  },
  {
    id: "how-we-use-information",
    title: "How We Use Information",
    body: (
      <>
        <p>We use your information to:</p>
        <ul>
          <li>create and secure your account, and sign you in;</li>
          <li>give you access to the courses you bought or that your membership includes, and remember your progress;</li>
          <li>process payments, refunds and membership renewals;</li>
          <li>answer your questions and send service emails such as receipts, password resets and account confirmations;</li>
          <li>send the playbooks newsletter, only if you subscribed and confirmed your address;</li>
          <li>understand which lessons help learners most, so we can improve the courses.</li>
        </ul>
        <p>We do not sell your information, and we do not use it for advertising profiles.</p>
      </>
    ),
  },
  {
    id: "information-sharing",
    title: "Information Sharing",
    body: (
      <>
        <p>We share information only with service providers that help us run the site, and only as much as each one needs:</p>
        <ul>
          <li>our payment provider, to take payments and issue refunds;</li>
          <li>our email delivery provider, to send account emails and the newsletter;</li>
          <li>our hosting and storage providers, which keep the site and its files running.</li>
        </ul>
        <p>
          These providers may use the information only on our instructions. We may also disclose information if the law requires it, or to
          protect the safety of our learners and our service.
        </p>
      </>
    ),
  },
  {
    id: "data-security",
    title: "Data Security",
    body: (
      <p>
        Connections to the site are encrypted. Passwords are stored as salted hashes, sessions use secure, HTTP-only cookies, and two-factor
        authentication is available for every account. Access to our systems is limited to the people who need it. No system is perfectly
        secure, so if we ever learn of a breach that affects your information we will tell you without undue delay.
      </p>
    ),
  },
  {
    id: "your-rights",
    title: "Your Rights",
    body: (
      <>
        <p>You can, at any time:</p>
        <ul>
          <li>see and correct your account details on your account page;</li>
          <li>ask for a copy of the information we hold about you;</li>
          <li>ask us to delete your account and its information, except what we must keep for tax and accounting records;</li>
          <li>unsubscribe from the newsletter with the link in every email.</li>
        </ul>
        <p>
          To use any of these rights, <Link to="/contact">contact us</Link>. We reply within 24-48 hours and complete requests within 30
          days.
        </p>
      </>
    ),
  },
  {
    id: "cookies",
    title: "Cookies",
    body: (
      <p>
        We use only the cookies the site needs to work: a session cookie that keeps you signed in and security cookies that protect forms.
        We do not use advertising or cross-site tracking cookies, and the site loads no fonts or scripts from other companies.
      </p>
    ),
  },
  {
    id: "policy-updates",
    title: "Policy Updates",
    body: (
      <p>
        We may update this policy when the site or the law changes. The date at the top of this page shows the latest version. If a change
        affects how we use information you have already given us, we will email you before it takes effect.
      </p>
    ),
  },
];

export default function Privacy() {
  const { schoolName } = useSiteSettings();
  return (
    <LegalPage
      title="Privacy Policy"
      updated="Last updated: January 1, 2024"
      intro={<p>This policy explains what information {schoolName} collects when you use the site, why, and the choices you have.</p>}
      sections={SECTIONS}
    />
  );
}
