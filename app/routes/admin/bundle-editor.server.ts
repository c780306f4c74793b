import { data, type RouterContextProvider } from "react-router";
import { BUNDLE_MESSAGES } from "~/lib/bundles";
import { parseForm } from "~/lib/forms/parse-form";
import { invalidForm, readForm } from "~/server/action.server";
import { requireAdmin } from "~/server/auth/guards.server";
import {
  BundleNotFoundError,
  createBundle,
  getBundleForEdit,
  InvalidBundleError,
  listBundleCourseChoices,
  updateBundle,
} from "~/server/bundles/bundles.server";
import { getSiteSettings } from "~/server/settings/site-settings.server";
import { newToast, redirectWithToast } from "~/server/toast.server";
import { bundleForm, bundleFormData, bundleFormValues, EMPTY_BUNDLE_FORM, typedBundleValues } from "./bundle-form";

type Args = { request: Request; context: Readonly<RouterContextProvider>; bundleId?: string };

/** The New / Edit bundle page: the bundle as the form shows it (a 404 when it is gone) and the courses to choose from. */
export async function bundleEditorLoader({ request, context, bundleId }: Args) {
  requireAdmin({ request, context });
  const [courses, { currency }] = await Promise.all([listBundleCourseChoices(), getSiteSettings()]);
  if (!bundleId) return { initial: EMPTY_BUNDLE_FORM, courses, currency, bundle: null };
  const bundle = await getBundleForEdit({ bundleId });
  if (!bundle) throw data({ message: BUNDLE_MESSAGES.notFound }, { status: 404 });
  return {
    initial: bundleFormValues(bundle, currency),
    courses,
    currency,
    bundle: { id: bundle.id, title: bundle.title, slug: bundle.slug, status: bundle.status },
  };
}

/** Save (create or edit), then back to the list with the toast; a refused form stays with what was typed and why. */
export async function bundleEditorAction({ request, context, bundleId }: Args) {
  requireAdmin({ request, context });
  const { currency } = await getSiteSettings();
  const parsed = parseForm(bundleForm(currency), bundleFormData(await readForm(request)));
  const values = typedBundleValues(parsed.values);
  if (parsed.errors)
    return invalidForm({ errors: parsed.errors, values }, { toast: newToast({ kind: "error", message: BUNDLE_MESSAGES.invalid }) });
  try {
    if (bundleId) await updateBundle({ bundleId, input: parsed.data });
    else await createBundle({ input: parsed.data });
  } catch (error) {
    if (error instanceof InvalidBundleError) {
      const field = error.field === "priceCents" ? "price" : error.field;
      return data(
        { errors: { [field]: [error.reason] }, values, toast: newToast({ kind: "error", message: error.reason }) },
        { status: 400 },
      );
    }
    if (error instanceof BundleNotFoundError) {
      return data({ errors: {}, values, toast: newToast({ kind: "error", message: BUNDLE_MESSAGES.notFound }) }, { status: 404 });
    }
    throw error;
  }
  return redirectWithToast("/admin/bundles", { kind: "success", message: bundleId ? BUNDLE_MESSAGES.saved : BUNDLE_MESSAGES.created });
}
