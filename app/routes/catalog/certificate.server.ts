import { data } from "react-router";
import type { Route } from "./+types/certificate";
import { formatDate } from "~/lib/dates";
import { certificateNumber, findCertificate } from "~/server/certificates/certificates.server";

/**
 * /certificates/{id}: anyone with the link can check a certificate. It says whether it is valid
 * or revoked, for whom, for which course and when, and nothing else about the learner.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const certificate = await findCertificate({ id: params.id });
  if (!certificate) throw data({ notFound: true }, { status: 404 });
  return {
    id: certificate.id,
    number: certificateNumber(certificate.number),
    learnerName: certificate.learnerName,
    courseTitle: certificate.courseTitle,
    courseSlug: certificate.courseSlug,
    issuedOn: formatDate(certificate.issuedAt),
    revokedOn: certificate.revokedAt ? formatDate(certificate.revokedAt) : null,
  };
}
