import type { Route } from "./+types/bundles";
import { bundleListUrl } from "~/lib/admin-list-urls";
import { BUNDLE_MESSAGES } from "~/lib/bundles";
import { isOneOf, PUBLISH_STATUS_LABELS, PUBLISH_STATUSES } from "~/lib/domain-values";
import { formatMoney } from "~/lib/money";
import { requireAdmin } from "~/server/auth/guards.server";
import { readAdminList } from "~/server/admin-list.server";
import { listAdminBundles } from "~/server/bundles/bundles.server";
import { getSiteSettings } from "~/server/settings/site-settings.server";

/** Admin → Bundles: one page of bundles, searched by title or slug, filtered by status. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin({ request, context });
  return readAdminList({
    request,
    list: bundleListUrl,
    failure: BUNDLE_MESSAGES.listFailed,
    what: "admin bundle list",
    read: async ({ q, status, page }) => {
      const [result, { currency }] = await Promise.all([listAdminBundles({ query: q, status, page }), getSiteSettings()]);
      const rows = result.bundles.map((bundle) => ({
        id: bundle.id,
        title: bundle.title,
        slug: bundle.slug,
        published: bundle.status === "published",
        status: isOneOf(PUBLISH_STATUSES, bundle.status) ? PUBLISH_STATUS_LABELS[bundle.status] : bundle.status,
        price: formatMoney(bundle.priceCents, currency),
        courses: bundle.courseCount === 1 ? "1 course" : `${bundle.courseCount} courses`,
      }));
      return { ...result, rows };
    },
  });
}
