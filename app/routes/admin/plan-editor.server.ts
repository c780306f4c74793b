import { formatMoney } from "~/lib/money";
import { PLAN_MESSAGES } from "~/lib/payment-plans";
import { coursePlanForm } from "~/lib/payment-plan-form";
import {
  getBundlePlan,
  getCoursePlan,
  removeBundlePlan,
  removeCoursePlan,
  saveBundlePlan,
  saveCoursePlan,
} from "~/server/payments/payment-plans.server";
import { priceInputValue } from "./course-form";
import { runOfferFormAction } from "./offer-form-action.server";

/** What a payment plan is offered on: a course (docs/decisions/069) or a bundle (073). */
export type PlanOwner = { courseId: string; bundleId?: undefined } | { bundleId: string; courseId?: undefined };

/** The Payment plan card's data for a course's or a bundle's edit page. */
export async function loadPlanEditor({ owner, currency }: { owner: PlanOwner; currency: string }) {
  const plan = owner.bundleId ? await getBundlePlan({ bundleId: owner.bundleId }) : await getCoursePlan({ courseId: owner.courseId! });
  return {
    values: plan
      ? { planPayments: String(plan.payments), planInstalment: priceInputValue(plan.instalmentCents, currency) }
      : { planPayments: "", planInstalment: "" },
    saved: plan !== null,
    total: plan ? formatMoney(plan.payments * plan.instalmentCents, currency) : null,
    currency,
  };
}

/** Is this post the Payment plan card's (its own intents), not the page's main form? */
export const isPlanIntent = (intent: FormDataEntryValue | null) => intent === "save-plan" || intent === "remove-plan";

/**
 * Save or remove the plan, then back to `back` with the toast; a refusal (N outside 2–12, a free
 * course or bundle) answers its field's message and keeps what was typed. The caller has checked the admin.
 */
export async function runPlanAction({ request, owner, currency, back }: { request: Request; owner: PlanOwner; currency: string; back: string }) {
  return runOfferFormAction({
    card: "plan",
    request,
    schema: coursePlanForm(currency),
    messages: PLAN_MESSAGES,
    remove: () => (owner.bundleId ? removeBundlePlan({ bundleId: owner.bundleId }) : removeCoursePlan({ courseId: owner.courseId! })),
    save: (plan) =>
      owner.bundleId
        ? saveBundlePlan({ bundleId: owner.bundleId, payments: plan.planPayments, instalmentCents: plan.planInstalment })
        : saveCoursePlan({ courseId: owner.courseId!, payments: plan.planPayments, instalmentCents: plan.planInstalment }),
    back,
  });
}
