import { data, type RouterContextProvider } from "react-router";
import { lessonPath } from "~/lib/learning";
import { getSessionUser, requireUser } from "~/server/auth/guards.server";
import { readGuestOrderId } from "~/server/payments/guest-order-cookie.server";
import { findCheckoutOrder } from "~/server/payments/billing.server";
import { findNextLesson } from "~/server/learning/progress.server";
import { paymentsMode } from "~/server/payments/providers.server";

/**
 * The confirmation's one way on: the bought course's first lesson (where a new buyer starts), a
 * bundle buyer's courses (My courses lists every one it opened), or the catalog a new member can
 * now open every course of.
 */
async function whereToGoNext(order: { userId: string; kind: string; courseId: string | null; courseSlug: string | null }) {
  if (order.kind === "bundle") return { label: "Go to your courses", to: "/account" };
  if (order.kind !== "course" || !order.courseId || !order.courseSlug) return { label: "Browse your courses", to: "/courses" };
  const lesson = await findNextLesson({ userId: order.userId, courseId: order.courseId });
  return lesson
    ? { label: `Start the first lesson: ${lesson.title}`, to: lessonPath(order.courseSlug, lesson.slug) }
    : { label: "Go to the course", to: `/courses/${encodeURIComponent(order.courseSlug)}` };
}

type Args = { request: Request; url?: URL; context: Readonly<RouterContextProvider> };

/**
 * The order a success or cancel page is about: `?order=` (ours) or `?session_id=` (Stripe's,
 * filled in by Stripe), and only the signed-in buyer's own.
 */
export async function checkoutResultLoader({ request, url, context }: Args) {
  const params = (url ?? new URL(request.url)).searchParams;
  const which = { orderId: params.get("order"), checkoutSessionId: params.get("session_id") };
  // A signed-out browser sees the guest order it paid for (its cookie), and nothing else.
  const guestOrderId = getSessionUser({ context }) ? null : readGuestOrderId(request);
  if (guestOrderId) {
    const order = await findCheckoutOrder({ guestOrderId, ...which });
    if (!order) throw data({ notFound: true }, { status: 404 });
    const { customerEmail, ...shown } = order;
    return { order: shown, guestEmail: customerEmail, next: null, testMode: paymentsMode() === "test" };
  }
  const user = requireUser({ request, url, context });
  const order = await findCheckoutOrder({ userId: user.id, ...which });
  if (!order) throw data({ notFound: true }, { status: 404 });
  const { customerEmail: _email, ...shown } = order;
  return { order: shown, guestEmail: null, next: await whereToGoNext({ ...order, userId: user.id }), testMode: paymentsMode() === "test" };
}
