import { createRequire } from "node:module";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { callAction, callLoader, sessionUser, thrownResponse } from "../../../tests/support/route-harness";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import * as certificatePage from "~/routes/catalog/certificate";
import * as certificatePdf from "~/routes/resources/certificate-pdf";
import * as userDetails from "~/routes/admin/user-details";
import * as account from "~/routes/account/account";
import { accessEvents, certificates, courses, enrollments, lessons, mailLog, orders, users } from "~/server/db/schema";
import { markLessonComplete, markLessonIncomplete } from "~/server/learning/progress.server";
import { revokeCourseAccess, revokeRefundedAccess } from "~/server/access/course-access.server";
import { certificateNumber } from "./certificates.server";
import { renderCertificatePdf } from "./certificate-pdf.server";

const database = useTestDatabase();
const admin = sessionUser({ role: "admin" });

/** A published course with `lessonCount` lessons and a learner enrolled in it. */
async function courseWithLearner({ lessonCount = 2, certificatesEnabled = true, name = "Zoë Łukasiewicz" } = {}) {
  const db = database().db;
  const learner = sessionUser({ role: "user", name });
  await db.insert(users).values({ id: learner.id, email: learner.email, name: learner.name, role: "user" });
  const title = `Course ${unique("cert")}`;
  const [course] = await db.insert(courses).values({ title, slug: unique("cert"), status: "published", certificatesEnabled }).returning({ id: courses.id });
  const rows = await db
    .insert(lessons)
    .values(Array.from({ length: lessonCount }, (_, index) => ({ courseId: course.id, title: `Lesson ${index + 1}`, slug: `lesson-${index + 1}`, orderIndex: index + 1 })))
    .returning({ id: lessons.id });
  await db.insert(enrollments).values({ userId: learner.id, courseId: course.id, source: "purchase" });
  return { learner, courseId: course.id, title, lessonIds: rows.map((row) => row.id) };
}

const certificatesOf = (userId: string) => database().db.select().from(certificates).where(eq(certificates.userId, userId));
const certificateMails = (to: string) =>
  database()
    .db.select()
    .from(mailLog)
    .where(and(eq(mailLog.to, to), eq(mailLog.kind, "certificate")));

/** pdf.js's own copies of the standard fonts, so it reads the text without asking the system. */
const STANDARD_FONTS = `${path.dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json"))}/standard_fonts/`;

/** The text of the PDF's first page, as pdf.js reads it. */
async function pdfText(bytes: Uint8Array) {
  const document = await getDocument({ data: new Uint8Array(bytes), standardFontDataUrl: STANDARD_FONTS }).promise;
  const page = await document.getPage(1);
  const content = await page.getTextContent();
  return content.items.map((item) => ("str" in item ? item.str : "")).join("\n");
}

beforeAll(async () => {
  await database().db.insert(users).values({ id: admin.id, email: admin.email, name: admin.name, role: "admin" });
});

describe("issuing certificates", () => {
  it("issues one when the last lesson is completed, with its e-mail queued, and never again", async () => {
    const { learner, lessonIds, title } = await courseWithLearner();
    expect((await markLessonComplete({ user: learner, lessonId: lessonIds[0] })).certificate).toBeNull();
    expect(await certificatesOf(learner.id)).toEqual([]);

    const { certificate } = await markLessonComplete({ user: learner, lessonId: lessonIds[1] });
    expect(certificate).toMatchObject({ id: expect.any(String), number: expect.stringMatching(/^CERT-\d{6}$/) });
    const [row] = await certificatesOf(learner.id);
    expect(row).toMatchObject({ learnerName: "Zoë Łukasiewicz", courseTitle: title, revokedAt: null });
    const [mail] = await certificateMails(learner.email);
    expect(mail.subject).toBe(`Your certificate for ${title}`);
    expect(mail.text).toContain(`/certificates/${row.id}`);

    // Undoing and redoing a lesson, or completing it again, issues nothing more.
    await markLessonIncomplete({ user: learner, lessonId: lessonIds[1] });
    expect((await markLessonComplete({ user: learner, lessonId: lessonIds[1] })).certificate).toBeNull();
    expect(await certificatesOf(learner.id)).toHaveLength(1);
    expect(await certificateMails(learner.email)).toHaveLength(1);
  });

  it("issues exactly one when the last lessons are completed at the same moment", async () => {
    const { learner, lessonIds } = await courseWithLearner({ lessonCount: 3 });
    await markLessonComplete({ user: learner, lessonId: lessonIds[0] });
    // Two different last lessons, and the same one twice, all at once.
    const results = await Promise.all([
      markLessonComplete({ user: learner, lessonId: lessonIds[1] }),
      markLessonComplete({ user: learner, lessonId: lessonIds[2] }),
      markLessonComplete({ user: learner, lessonId: lessonIds[2] }),
    ]);
    expect(results.filter((result) => result.certificate !== null)).toHaveLength(1);
    expect(await certificatesOf(learner.id)).toHaveLength(1);
    expect(await certificateMails(learner.email)).toHaveLength(1);
  });

  it("issues none for a course with certificates off", async () => {
    const { learner, lessonIds } = await courseWithLearner({ lessonCount: 1, certificatesEnabled: false });
    expect((await markLessonComplete({ user: learner, lessonId: lessonIds[0] })).certificate).toBeNull();
    expect(await certificatesOf(learner.id)).toEqual([]);
  });
});

describe("certificates and access that ends", () => {
  it("issues none to a learner whose access was revoked or refunded, even when a free preview completes the course", async () => {
    for (const end of ["revoke", "refund"] as const) {
      const { learner, courseId, lessonIds } = await courseWithLearner({ lessonCount: 2 });
      await database().db.update(lessons).set({ isPreview: true }).where(eq(lessons.id, lessonIds[1]));
      await markLessonComplete({ user: learner, lessonId: lessonIds[0] });
      if (end === "revoke") await revokeCourseAccess({ userId: learner.id, courseId, actorId: admin.id });
      else {
        const [order] = await database()
          .db.insert(orders)
          .values({ userId: learner.id, kind: "course", courseId, amountCents: 1000, provider: "test", status: "refunded" })
          .returning({ id: orders.id });
        await database().db.transaction((tx) =>
          revokeRefundedAccess({ tx, userId: learner.id, courseId, actorId: admin.id, orderId: order.id, otherPaidOrder: false }),
        );
      }

      // The preview still opens, and completing it finishes every lesson, but no certificate follows.
      const { certificate } = await markLessonComplete({ user: learner, lessonId: lessonIds[1] });
      expect(certificate).toBeNull();
      expect(await certificatesOf(learner.id)).toEqual([]);
      expect(await certificateMails(learner.email)).toEqual([]);
    }
  });

  it("keeps a certificate already issued valid when the access ends afterwards (decision 041)", async () => {
    const { learner, courseId, lessonIds } = await courseWithLearner({ lessonCount: 1 });
    const { certificate } = await markLessonComplete({ user: learner, lessonId: lessonIds[0] });
    await revokeCourseAccess({ userId: learner.id, courseId, actorId: admin.id });
    const id = certificate!.id;
    expect(await callLoader(certificatePage, { path: `/certificates/${id}`, params: { id } })).toMatchObject({ revokedOn: null });
    expect(((await callLoader(certificatePdf, { path: `/certificates/${id}/pdf`, params: { id } })) as Response).status).toBe(200);
  });
});

describe("the certificate's page, PDF and revoke", () => {
  it("shows a valid certificate, serves its PDF with the learner's name, and both change when an admin revokes it", async () => {
    const { learner, lessonIds, title } = await courseWithLearner({ lessonCount: 1 });
    const { certificate } = await markLessonComplete({ user: learner, lessonId: lessonIds[0] });
    const id = certificate!.id;

    const page = await callLoader(certificatePage, { path: `/certificates/${id}`, params: { id } });
    expect(Object.keys(page).sort()).toEqual(["courseSlug", "courseTitle", "id", "issuedOn", "learnerName", "number", "revokedOn"]);
    expect(page).toMatchObject({ learnerName: "Zoë Łukasiewicz", courseTitle: title, number: certificate!.number, revokedOn: null });

    const response = (await callLoader(certificatePdf, { path: `/certificates/${id}/pdf`, params: { id } })) as Response;
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="certificate-${certificate!.number}.pdf"`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    const text = await pdfText(bytes);
    // "ł" is not in the PDF's standard font: it is drawn without its stroke; "ë" is kept.
    expect(text).toContain("Zoë Lukasiewicz");
    expect(text).toContain(title);
    expect(text).toContain(certificate!.number);
    expect(text).toContain(`/certificates/${id}`);

    // The learner's account lists it.
    const mine = await callLoader(account, { path: "/account", user: learner });
    expect(mine.certificates).toEqual([{ id, number: certificate!.number, courseTitle: title, issuedOn: expect.any(String), revoked: false }]);

    // Revoked from the learner's admin page, recorded once in the audit trail.
    const revoke = () =>
      callAction(userDetails, { path: `/admin/users/${learner.id}`, params: { id: learner.id }, user: admin, form: { intent: "revoke-certificate", certificateId: id } });
    expect(await revoke()).toMatchObject({ data: { toast: { kind: "success", message: "Certificate revoked" } } });
    expect(await revoke()).toMatchObject({ data: { toast: { kind: "success" } } });
    const events = await database().db.select().from(accessEvents).where(and(eq(accessEvents.userId, learner.id), eq(accessEvents.type, "certificate_revoked")));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ actorId: admin.id, note: certificate!.number, courseTitle: title });

    expect(await callLoader(certificatePage, { path: `/certificates/${id}`, params: { id } })).toMatchObject({ revokedOn: expect.any(String) });
    expect((await thrownResponse(callLoader(certificatePdf, { path: `/certificates/${id}/pdf`, params: { id } }))).status).toBe(404);
    expect((await callLoader(account, { path: "/account", user: learner })).certificates[0]).toMatchObject({ revoked: true });
  });

  it("answers 404 for an unknown or malformed id, and refuses to revoke another person's certificate", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
      expect((await thrownResponse(callLoader(certificatePage, { path: `/certificates/${id}`, params: { id } }))).status).toBe(404);
      expect((await thrownResponse(callLoader(certificatePdf, { path: `/certificates/${id}/pdf`, params: { id } }))).status).toBe(404);
    }
    const { learner, lessonIds } = await courseWithLearner({ lessonCount: 1 });
    const { certificate } = await markLessonComplete({ user: learner, lessonId: lessonIds[0] });
    const other = sessionUser({ role: "user" });
    await database().db.insert(users).values({ id: other.id, email: other.email, name: other.name, role: "user" });
    expect(
      await callAction(userDetails, { path: `/admin/users/${other.id}`, params: { id: other.id }, user: admin, form: { intent: "revoke-certificate", certificateId: certificate!.id } }),
    ).toMatchObject({ init: { status: 404 } });
    expect((await certificatesOf(learner.id))[0].revokedAt).toBeNull();
  });
});

describe("renderCertificatePdf", () => {
  it("draws the school, the course, the date and the number, and keeps a name the font cannot draw readable", async () => {
    const bytes = await renderCertificatePdf({
      schoolName: "Acme School",
      logoUrl: "/images/logo.svg",
      learnerName: "Ann 李 O’Neil",
      courseTitle: "Shipping Fast",
      issuedAt: new Date("2026-11-20T12:00:00Z"),
      number: certificateNumber(1234),
      verifyUrl: "http://127.0.0.1/certificates/abc",
    });
    const text = await pdfText(bytes);
    for (const expected of ["Acme School", "Certificate of Completion", "Ann ? O’Neil", "Shipping Fast", "Nov 20, 2026", "CERT-001234"]) {
      expect(text).toContain(expected);
    }
  });
});
