import { Link } from "react-router";
import type { Route } from "./+types/terms";
import { LegalPage, type LegalSection } from "~/components/marketing-legal";
import { useSiteSettings } from "~/components/use-site-settings";
import { pageMeta, siteSettingsOf } from "~/lib/seo";
import { membershipOffer, type SiteSettings } from "~/lib/site-settings";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Terms of Service",
    description: `The terms for using ${siteSettingsOf(args).schoolName}: accounts, course purchases, the all-access membership, acceptable use and content ownership.`,
    path: "/terms",
  });

function sectionsFor(settings: SiteSettings): LegalSection[] {
  const { schoolName } = settings;
  const offer = membershipOffer(settings);
  return [
    {
      id: "agreement",
      title: "Agreement",
      body: (
        <p>
          By creating an account, buying a course or joining the membership you agree to these terms. If you do not agree, please do not use
          the site. You must be at least 16 years old, or have a parent's or guardian's permission, to create an account.
        </p>
      ),
    },
    {
      id: "your-account",
      title: "Your Account",
      body: (
        <>
          <p>
            Keep your password private and your email address up to date: it is where we send receipts and password resets. You are
            responsible for what happens in your account.
          </p>
          <p>An account is for one person. Sharing a login or reselling access is not allowed, and we may suspend accounts that do.</p>
        </>
      ),
    },
    {
      id: "courses-and-purchases",
      title: "Courses and Purchases",
      body: (
        <>
          <p>
            Prices are shown in US dollars and include everything you pay us; your bank may add its own fees. When you buy an individual
            course you get lifetime access to it: its lessons, files and future updates, for as long as {schoolName} operates.
          </p>
          <p>
            "Lifetime" means the lifetime of the product. If we ever close the school, we will give at least 90 days' notice so you can
            download your course files.
          </p>
        </>
      ),
    },
    {
      id: "membership",
      title: "All-Access Membership",
      body: (
        <>
          <p>
            The membership costs {offer.monthlyPrice} per month or {offer.yearlyPrice} per year and renews automatically at the end of each
            period until you cancel. It gives access to every published course, the files, the weekly live Q&amp;A, priority support and
            early access to new courses while it is active.
          </p>
          <p>
            You can cancel anytime from your account. Your access continues until the end of the period you have paid for, and then stops.
            Courses you bought individually are not affected.
          </p>
        </>
      ),
    },
    {
      id: "refunds",
      title: "Refunds",
      body: (
        <p>
          Refunds follow our <Link to="/refund">refund policy</Link>: in short, a full refund of a course within 14 days of purchase if you
          have completed less than 30% of its lessons. A refund ends your access to that course.
        </p>
      ),
    },
    {
      id: "acceptable-use",
      title: "Acceptable Use",
      body: (
        <>
          <p>Please don't:</p>
          <ul>
            <li>download, copy or share lesson videos except through the features the site provides;</li>
            <li>post course materials publicly or sell them;</li>
            <li>try to get into accounts or parts of the site that are not yours, or disrupt the service;</li>
            <li>harass other learners or our team.</li>
          </ul>
        </>
      ),
    },
    {
      id: "content",
      title: "Content and Ownership",
      body: (
        <p>
          The courses, videos, playbooks and templates belong to {schoolName}. Your purchase gives you a personal licence to use them,
          including in your own business: you may adapt the templates and prompts for your own store. What you create with them is yours.
        </p>
      ),
    },
    {
      id: "liability",
      title: "Disclaimer and Liability",
      body: (
        <p>
          We teach methods that have worked for us and our learners, but we cannot promise any particular business result. The site is
          provided as it is; to the extent the law allows, our liability for any claim is limited to the amount you paid us in the 12 months
          before it.
        </p>
      ),
    },
    {
      id: "changes-and-contact",
      title: "Changes and Contact",
      body: (
        <p>
          We may update these terms; the date above shows the current version, and we will email you about changes that affect your
          purchases. Questions? <Link to="/contact">Contact us</Link> and we'll reply within 24-48 hours.
        </p>
      ),
    },
  ];
}

export default function Terms() {
  const settings = useSiteSettings();
  return (
    <LegalPage
      title="Terms of Service"
      updated="Last updated: January 1, 2024"
      intro={
        <p>
          These terms explain what you can expect from {settings.schoolName} and what we expect from you. We have kept them short and
          readable.
        </p>
      }
      sections={sectionsFor(settings)}
    />
  );
}
