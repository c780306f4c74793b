import { Link } from "react-router";
import { Award, Check, Star } from "lucide-react";
import { CourseImage } from "~/components/course-image";
import type { CourseLinkItem } from "~/components/course-link";
import { CourseSaveButton } from "~/components/course-save-button";
import { ShareButton } from "~/components/share-button";
import { Button } from "~/components/ui/button";
import { useSchoolMoney, useSiteSettings } from "~/components/use-site-settings";
import { PLAN_MESSAGES, planOfferLabel } from "~/lib/payment-plans";

const PERKS = ["Lifetime access", "All course materials", "Practical exercises"];

/**
 * The course page's buy box: the cover, then either "Continue learning" (for a learner with
 * access; the certificate and a review once every lesson is done) or the price with the buy and membership links; the perks, save and share.
 */
export function CourseEnrollCard({
  course,
  hasAccess,
  continuePath,
  saved,
  signedIn,
  certificateId = null,
  finished = false,
  reviewInvited = false,
  paymentPlan = null,
  planClosed = null,
}: {
  course: CourseLinkItem & { id: string; priceCents: number };
  hasAccess: boolean;
  continuePath: string | null;
  saved: boolean;
  signedIn: boolean;
  /** The learner's certificate of this course, once they completed it. */
  certificateId?: string | null;
  /** Every lesson completed: the certificate and a review are offered instead of "Continue learning". */
  finished?: boolean;
  /** The learner may review the course and has not yet. */
  reviewInvited?: boolean;
  /** The course's payment plan on sale (docs/decisions/069). */
  paymentPlan?: { payments: number; instalmentCents: number; totalCents: number } | null;
  /** The person's plan for this course closes it (paused, or ended unpaid): why, and where to see it. */
  planClosed?: "paused" | "ended" | null;
}) {
  const { membershipMonthlyCents } = useSiteSettings();
  const { money, price } = useSchoolMoney();
  const path = `/courses/${course.slug}`;
  return (
    <aside
      aria-label="Enroll"
      className="rounded-xl border bg-card p-5 text-card-foreground shadow-lg lg:absolute lg:top-16 lg:right-6 lg:z-10 lg:w-[22rem]"
    >
      <CourseImage src={course.coverUrl} topic={course.topics[0]} alt="" priority sizes="aside" className="rounded-lg" />
      {hasAccess && finished ? (
        <div className="mt-5 flex flex-col gap-3">
          <p className="text-sm font-medium text-success">You completed this course.</p>
          {certificateId ? (
            <Button asChild size="lg">
              <Link to={`/certificates/${certificateId}`}>
                <Award aria-hidden="true" /> Your certificate
              </Link>
            </Button>
          ) : null}
          {reviewInvited ? (
            <Button asChild size={certificateId ? "default" : "lg"} variant={certificateId ? "outline" : "default"}>
              <a href="#your-review">
                <Star aria-hidden="true" /> Review this course
              </a>
            </Button>
          ) : null}
          {continuePath ? (
            <Button asChild variant="ghost">
              <Link to={continuePath}>Go back to the lessons</Link>
            </Button>
          ) : null}
        </div>
      ) : hasAccess ? (
        <div className="mt-5 flex flex-col gap-3">
          <p className="text-sm font-medium text-success">You have access to this course.</p>
          {continuePath ? (
            <Button asChild size="lg">
              <Link to={continuePath}>Continue learning</Link>
            </Button>
          ) : (
            <p className="text-sm text-muted-foreground">Lessons will appear here soon.</p>
          )}
          {certificateId ? (
            <Button asChild variant="outline">
              <Link to={`/certificates/${certificateId}`}>
                <Award aria-hidden="true" /> Your certificate
              </Link>
            </Button>
          ) : null}
        </div>
      ) : planClosed ? (
        <div className="mt-5 flex flex-col gap-3" role="status">
          <p className="text-sm font-medium">{PLAN_MESSAGES[planClosed]}</p>
          <Button asChild size="lg">
            <Link to="/account#payment-plans">See my payment plan</Link>
          </Button>
        </div>
      ) : (
        <div className="mt-5 flex flex-col gap-3">
          <p>
            <span className="text-3xl font-bold">{money(course.priceCents)}</span>{" "}
            <span className="text-sm text-muted-foreground">one-time payment</span>
          </p>
          <Button asChild size="lg">
            <Link to={`/checkout?courseId=${course.id}`}>Buy This Course</Link>
          </Button>
          {paymentPlan ? (
            <Button asChild size="lg" variant="outline">
              <Link to={`/checkout?courseId=${course.id}&paymentPlan=1`}>
                {`Or ${planOfferLabel({ payments: paymentPlan.payments, instalment: money(paymentPlan.instalmentCents) })}`}
              </Link>
            </Button>
          ) : null}
          <Button asChild size="lg" variant="warm">
            <Link to="/pricing#membership">{`Get All Courses — ${price(membershipMonthlyCents)}/mth`}</Link>
          </Button>
        </div>
      )}
      <ul className="mt-5 flex flex-col gap-2 text-sm" aria-label="Included">
        {PERKS.map((perk) => (
          <li key={perk} className="flex items-center gap-2">
            <Check aria-hidden="true" className="size-4 text-success" />
            {perk}
          </li>
        ))}
      </ul>
      <div className="mt-5 flex gap-2 border-t pt-5">
        <CourseSaveButton courseSlug={course.slug} saved={saved} signedIn={signedIn} />
        <ShareButton path={path} title={course.title} text={course.subtitle} what="course" className="flex-1" />
      </div>
    </aside>
  );
}
