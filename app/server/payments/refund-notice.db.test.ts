import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createBuyer, createCourseForSale, ordersOf } from "../../../tests/support/payments";
import { useTestDatabase } from "../../../tests/support/test-database";
import { getCourseDetail } from "~/server/courses/catalog.server";
import { listAdminReviews } from "~/server/courses/reviews.server";
import { invoices, mailLog, reviews } from "~/server/db/schema";
import { refundOrder } from "./billing.server";
import { startCheckout } from "./checkout.server";

/** Issue 39: a refund e-mails the buyer (through the queue), and a refunded buyer's review stops counting. */

const database = useTestDatabase();

const refundMails = (to: string) =>
  database()
    .db.select()
    .from(mailLog)
    .where(and(eq(mailLog.to, to), eq(mailLog.kind, "refund")));

async function buy(course: { id: string }) {
  const buyer = await createBuyer();
  expect((await startCheckout({ userId: buyer.id, item: { courseId: course.id }, couponCode: null })).status).toBe("paid");
  const [order] = await ordersOf(buyer.id);
  return { buyer, order: order! };
}

describe("refunds", () => {
  it("queues one e-mail telling the buyer what was refunded, what access ends, and the credit note", async () => {
    const course = await createCourseForSale({ priceCents: 14900 });
    const { buyer, order } = await buy(course);
    expect(await refundMails(buyer.email)).toEqual([]);

    await refundOrder({ orderId: order.id, actorId: null });
    const [creditNote] = await database()
      .db.select()
      .from(invoices)
      .where(and(eq(invoices.orderId, order.id), eq(invoices.kind, "credit_note")));
    const mails = await refundMails(buyer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Your order for ${course.title} was refunded`);
    expect(mails[0]!.text).toContain(`We refunded $149.00 for ${course.title}.`);
    expect(mails[0]!.text).toContain(`Access to ${course.title} that came with this order has ended.`);
    expect(mails[0]!.text).toContain(`Your credit note ${creditNote!.number} (PDF)`);

    // A second refund of the same order changes nothing and sends nothing.
    await expect(refundOrder({ orderId: order.id, actorId: null })).rejects.toThrow();
    expect(await refundMails(buyer.email)).toHaveLength(1);
  });

  it("leaves a refunded buyer's review out of the course's rating, count and page, and keeps it for admins", async () => {
    const course = await createCourseForSale();
    const kept = await buy(course);
    const refunded = await buy(course);
    await database()
      .db.insert(reviews)
      .values([
        { courseId: course.id, userId: kept.buyer.id, authorName: "Kept Buyer", rating: 5 },
        { courseId: course.id, userId: refunded.buyer.id, authorName: "Refunded Buyer", rating: 1 },
      ]);
    expect(await getCourseDetail({ slug: course.slug })).toMatchObject({ rating: 3, reviewCount: 2 });

    await refundOrder({ orderId: refunded.order.id, actorId: null });
    const detail = await getCourseDetail({ slug: course.slug });
    expect(detail).toMatchObject({ rating: 5, reviewCount: 1 });
    expect(detail!.reviews.map((review) => review.authorName)).toEqual(["Kept Buyer"]);
    const admin = await listAdminReviews({ query: course.title });
    expect(admin.reviews.map((review) => review.authorName).sort()).toEqual(["Kept Buyer", "Refunded Buyer"]);

    // Bought again: the review counts again.
    expect((await startCheckout({ userId: refunded.buyer.id, item: { courseId: course.id }, couponCode: null })).status).toBe("paid");
    expect(await getCourseDetail({ slug: course.slug })).toMatchObject({ rating: 3, reviewCount: 2 });
  });
});
