import { Link } from "react-router";
import type { Route } from "./+types/refund";
import { LegalPage, type LegalSection } from "~/components/marketing-legal";
import { pageMeta } from "~/lib/seo";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Refund Policy",
    description:
      "Full refund of a course within 14 days of purchase if you've completed less than 30% of its lessons. Cancel the membership anytime.",
    path: "/refund",
  });

const SECTIONS: LegalSection[] = [
  {
    id: "course-refunds",
    title: "Individual Courses",
    body: (
      <>
        <p>If a course isn't right for you, you can get a full refund when both of these are true:</p>
        <ul>
          <li>you ask within 14 days of the purchase, and</li>
          <li>you have completed less than 30% of the course's lessons.</li>
        </ul>
        <p>
          For example, in a 12-lesson course you can have completed up to 3 lessons. After 14 days, or once you've completed 30% or more of
          the lessons, the purchase is final.
        </p>
      </>
    ),
  },
  {
    id: "membership",
    title: "Membership",
    body: (
      <>
        <p>
          You can cancel the monthly or yearly membership anytime from your account. Cancelling stops the next renewal; your access
          continues until the end of the period you have already paid for.
        </p>
        <p>We don't give partial refunds for the unused part of a month or a year.</p>
      </>
    ),
  },
  {
    id: "after-a-refund",
    title: "What Happens After a Refund",
    body: (
      <p>
        A refund removes your access to the course straight away, together with its files. Your lesson progress is kept, so if you buy the
        course again later you can pick up where you left off.
      </p>
    ),
  },
  {
    id: "how-to-ask",
    title: "How to Ask for a Refund",
    body: (
      <p>
        <Link to="/contact">Contact us</Link> with the email address you bought with and the name of the course. We reply within 24-48
        hours. The money goes back to the card or account you paid with; banks usually take 5–10 business days to show it.
      </p>
    ),
  },
  {
    id: "fairness",
    title: "Fair Use",
    body: (
      <p>
        This policy is meant for people who find a course isn't for them. If we see a pattern of buying, downloading and refunding, we may
        decline further refunds on that account.
      </p>
    ),
  },
];

export default function Refund() {
  return (
    <LegalPage
      title="Refund Policy"
      updated="Last updated: January 1, 2024"
      intro={
        <p>
          We want you to be happy with what you buy. This policy says exactly when you can get your money back, for individual courses and
          for the all-access membership.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
