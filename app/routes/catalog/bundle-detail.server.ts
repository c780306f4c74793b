import { data } from "react-router";
import type { Route } from "./+types/bundle-detail";
import { bundleSavingsCents } from "~/lib/bundles";
import { findBundleForSale } from "~/server/bundles/bundles.server";
import { getRequestSiteSettings } from "~/server/settings/site-settings.server";

/**
 * A bundle's public page (docs/decisions/062): its published courses with their covers and lesson
 * counts, its price against the sum of theirs, and Buy. The same for everyone (the page cache may
 * answer it); checkout tells a buyer which of the courses they hold already.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const bundle = await findBundleForSale({ slug: params.slug });
  if (!bundle) throw data({ notFound: true }, { status: 404 });
  const { currency } = await getRequestSiteSettings({ context });
  return {
    bundle: {
      id: bundle.id,
      slug: bundle.slug,
      title: bundle.title,
      description: bundle.description,
      coverUrl: bundle.coverUrl ?? bundle.courses[0]!.coverUrl,
      topic: bundle.courses[0]!.topics[0],
      priceCents: bundle.priceCents,
      coursesCents: bundle.coursesCents,
      savingsCents: bundleSavingsCents({ priceCents: bundle.priceCents, coursesCents: bundle.coursesCents }),
      // Its payment plan, when it has one (docs/decisions/073): the page links to the checkout with it chosen.
      paymentPlan:
        bundle.planPayments && bundle.planInstalmentCents && bundle.priceCents > 0
          ? { payments: bundle.planPayments, instalmentCents: bundle.planInstalmentCents }
          : null,
      courses: bundle.courses.map((course) => ({
        id: course.id,
        slug: course.slug,
        title: course.title,
        subtitle: course.subtitle,
        coverUrl: course.coverUrl,
        topic: course.topics[0],
        lessonCount: course.lessonCount,
        priceCents: course.priceCents,
      })),
    },
    currency,
  };
}
