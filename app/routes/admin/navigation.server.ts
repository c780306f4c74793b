import type { RouterContextProvider } from "react-router";
import { SOCIAL_NETWORK_LABELS, SOCIAL_NETWORKS } from "~/lib/domain-values";
import { parseForm } from "~/lib/forms/parse-form";
import { NAVIGATION_AREA_LABELS, NAVIGATION_MESSAGES } from "~/lib/navigation";
import { invalidForm, readForm } from "~/server/action.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { listSocialLinks, NavigationError, readNavigation, saveNavigationArea, saveSocialLinks } from "~/server/pages/navigation.server";
import { dataWithToast, redirectWithToast } from "~/server/toast.server";
import { applyMove, navigationForm } from "./navigation-form";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

/** Admin → Pages → Navigation: every list with its links (hidden ones too) and the social links. */
export async function loader({ request, context }: Args) {
  requireAdmin({ request, context });
  const [navigation, social] = await Promise.all([readNavigation(), listSocialLinks()]);
  return {
    areas: (Object.keys(NAVIGATION_AREA_LABELS) as (keyof typeof NAVIGATION_AREA_LABELS)[]).map((area) => ({
      area,
      title: NAVIGATION_AREA_LABELS[area],
      items: navigation[area],
    })),
    social: SOCIAL_NETWORKS.map((network) => ({
      network,
      label: SOCIAL_NETWORK_LABELS[network],
      url: social.find((link) => link.network === network)?.url ?? "",
    })),
  };
}

export async function action({ request, context }: Args) {
  requireAdmin({ request, context });
  const parsed = parseForm(navigationForm, await readForm(request));
  if (parsed.errors) return invalidForm(parsed);
  const form = parsed.data;
  if (form.intent === "save-social") {
    const { intent: _intent, ...links } = form;
    const { problems } = await saveSocialLinks({ links });
    if (problems) {
      const errors = Object.fromEntries(Object.entries(problems).map(([network, message]) => [network, [message]]));
      return invalidForm({ errors, values: parsed.values });
    }
    return redirectWithToast("/admin/pages/navigation", { kind: "success", message: NAVIGATION_MESSAGES.socialSaved });
  }
  try {
    await saveNavigationArea({ area: form.area, items: applyMove(form.items, form.move) });
  } catch (error) {
    if (error instanceof NavigationError) {
      return dataWithToast({ values: parsed.values }, { kind: "error", message: NAVIGATION_MESSAGES.unknownLink }, 400);
    }
    throw error;
  }
  return redirectWithToast(`/admin/pages/navigation#${form.area}`, { kind: "success", message: NAVIGATION_MESSAGES.saved });
}
