import { data } from "react-router";
import type { Route } from "./+types/certificate-pdf";
import { certificateNumber, certificatePath, findCertificate } from "~/server/certificates/certificates.server";
import { renderCertificatePdf } from "~/server/certificates/certificate-pdf.server";
import { getConfig } from "~/server/platform/config.server";
import { getRequestSiteSettings } from "~/server/settings/site-settings.server";

/**
 * GET /certificates/:id/pdf: a valid certificate as a PDF download, for whoever holds its
 * unguessable address (the page beside it shows the same facts). A revoked or unknown one is 404.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const certificate = await findCertificate({ id: params.id });
  if (!certificate || certificate.revokedAt) throw data("Certificate not found", { status: 404 });
  const settings = await getRequestSiteSettings({ context });
  const number = certificateNumber(certificate.number);
  const pdf = await renderCertificatePdf({
    schoolName: settings.schoolName,
    logoUrl: settings.logoUrl,
    learnerName: certificate.learnerName,
    courseTitle: certificate.courseTitle,
    issuedAt: certificate.issuedAt,
    number,
    verifyUrl: `${getConfig().publicUrl}${certificatePath(certificate.id)}`,
  });
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Length": String(pdf.length),
      "Content-Disposition": `attachment; filename="certificate-${number}.pdf"`,
      // A revoke must take effect at once: every download asks again.
      "Cache-Control": "private, no-cache",
      "X-Robots-Tag": "noindex",
    },
  });
}
