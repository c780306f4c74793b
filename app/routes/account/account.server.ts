import { listUserPaymentPlanViews } from "~/server/payments/payment-plans.server";
import { formatDate, formatDateTime } from "~/lib/dates";
import { redirect } from "react-router";
import type { Route } from "./+types/account";
import { isAdminRole } from "~/lib/roles";
import { certificateNumber, listUserCertificates } from "~/server/certificates/certificates.server";
import { listMyCourses } from "~/server/learning/my-courses.server";
import { getAccountProfile, listAccountSavedCourses, listAccountSessions } from "~/server/users/account.server";
import { getSessionUser, requireUser } from "~/server/auth/guards.server";
import { runAccountAction } from "./account-actions.server";
import { loadAccountBilling } from "./account-billing.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // A confirmation link that failed lands here signed out, with ?error=…; sign-in explains it.
  const verificationError = url.searchParams.get("error");
  if (verificationError && !getSessionUser({ context })) {
    throw redirect(`/login?error=${encodeURIComponent(verificationError)}`);
  }
  const user = requireUser({ request, context });
  // The profile's statement also reads the mail setting, the affiliate standing and the latest data export.
  const [profile, sessions, myCourses, savedCourses, billing, certificates, paymentPlans] = await Promise.all([
    getAccountProfile({ userId: user.id }),
    listAccountSessions({ userId: user.id, currentSessionId: user.sessionId }),
    listMyCourses({ user }),
    listAccountSavedCourses({ userId: user.id }),
    loadAccountBilling({ userId: user.id }),
    listUserCertificates({ userId: user.id }),
    listUserPaymentPlanViews({ userId: user.id }),
  ]);
  if (!profile) throw redirect("/login?next=%2Faccount");
  const { discussionMailEnabled: discussionMail, affiliateStanding, latestDataExport: dataExport } = profile;
  return {
    profile: {
      email: profile.email,
      name: profile.name,
      role: profile.role,
      isAdmin: isAdminRole(profile.role),
      memberSince: formatDate(profile.createdAt),
      lastSignIn: profile.lastSignInAt ? formatDateTime(profile.lastSignInAt) : null,
      twoFactorEnabled: profile.twoFactorEnabled,
      hasPassword: profile.hasPassword,
    },
    denied: url.searchParams.has("denied"),
    sessions: sessions.map((session) => ({
      id: session.id,
      device: session.device,
      ipAddress: session.ipAddress,
      current: session.current,
      signedIn: formatDateTime(session.createdAt),
      lastActive: formatDateTime(session.lastActiveAt),
    })),
    myCourses,
    savedCourses,
    billing,
    paymentPlans,
    discussionMail,
    affiliateStanding,
    dataExport: dataExport
      ? {
          status: dataExport.status,
          requestedAt: formatDateTime(dataExport.requestedAt),
          expiresAt: dataExport.expiresAt ? formatDateTime(dataExport.expiresAt) : null,
          expired: dataExport.expired,
          sizeBytes: dataExport.sizeBytes,
          path: dataExport.path,
        }
      : null,
    certificates: certificates.map((certificate) => ({
      id: certificate.id,
      number: certificateNumber(certificate.number),
      courseTitle: certificate.courseTitle,
      issuedOn: formatDate(certificate.issuedAt),
      revoked: certificate.revokedAt !== null,
    })),
  };
}

export function action({ request, context }: Route.ActionArgs) {
  return runAccountAction({ request, context });
}
