import { LayoutDashboard, LogOut } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/account";
import { AuthAlert } from "~/components/auth-alert";
import { AccountMembership } from "~/components/payments/account-membership";
import { AccountOrders } from "~/components/payments/account-orders";
import { PaymentPlansList, type PaymentPlanView } from "~/components/payments/payment-plans-list";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { useToastOnce } from "~/components/use-toast-once";

import { pageMeta, siteSettingsOf } from "~/lib/seo";
import { useSiteSettings } from "~/components/use-site-settings";
import { MyCoursesCard } from "~/components/learning/my-courses-card";
import { AccountCertificates } from "~/components/learning/account-certificates";

import type { AccountActionResult } from "./account-actions.server";
import { DiscussionMailSetting } from "~/components/discussions/discussion-mail-setting";

import { PERSON_NAME_MAX } from "~/lib/forms/limits";
import type { AccountIntent } from "./account-forms";
import { AccountCourseList } from "./account-courses";
import { DataExportSection } from "./account-data-export";
import { DeleteAccountSection } from "./account-delete";
import { PasswordSection, SessionsSection, TwoFactorSection } from "./account-security";
export { loader, action } from "./account.server";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Your account",
    description: `Your ${siteSettingsOf(args).schoolName} profile, courses and security settings.`,
    path: "/account",
    noIndex: true,
  });

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, sessions, myCourses, savedCourses, denied, billing, certificates, affiliateStanding } = loaderData;
  const result = actionData as AccountActionResult | undefined;
  const navigation = useNavigation();
  const { schoolName } = useSiteSettings();
  const pendingIntent = navigation.state !== "idle" ? navigation.formData?.get("intent") : null;

  useToastOnce(result?.toast);

  const resultFor = (intent: AccountIntent) => (result?.intent === intent ? result : undefined);
  const nameResult = resultFor("update-name");

  return (
    <div className="mx-auto grid max-w-5xl gap-8 px-4 py-10 sm:px-6 sm:py-14">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Your account</h1>
          <p className="mt-1 text-muted-foreground">Your profile, your courses and how you sign in.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {profile.isAdmin ? (
            <Button asChild variant="outline">
              <Link to="/admin">
                <LayoutDashboard aria-hidden="true" />
                Admin dashboard
              </Link>
            </Button>
          ) : null}
          {affiliateStanding ? (
            <Button asChild variant="outline">
              <Link to="/account/affiliate">
                {affiliateStanding === "join"
                  ? "Join the affiliate program"
                  : affiliateStanding === "pending"
                    ? "Affiliate program: pending approval"
                    : "Affiliate program"}
              </Link>
            </Button>
          ) : null}
          {/* A full document reload, so every trace of the signed-in page is gone. */}
          <Form method="post" action="/logout" reloadDocument>
            <Button type="submit" variant="secondary">
              <LogOut aria-hidden="true" />
              Sign out
            </Button>
          </Form>
        </div>
      </div>

      {denied ? (
        <AuthAlert title="Access denied">
          You need admin privileges to access that page. You have been brought back to your account.
        </AuthAlert>
      ) : null}

      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Profile</h2>
          </CardTitle>
          <CardDescription>How you appear on {schoolName}.</CardDescription>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-x-8 gap-y-5 sm:grid-cols-2">
            <div className="min-w-0">
              <dt className="text-sm font-medium text-muted-foreground">Email</dt>
              <dd className="mt-1 break-all font-medium">{profile.email}</dd>
            </div>
            <div>
              <dt className="text-sm font-medium text-muted-foreground">Role</dt>
              <dd className="mt-1">
                <Badge variant={profile.isAdmin ? "gold" : "secondary"}>{profile.role}</Badge>
              </dd>
            </div>
            <div>
              <dt className="text-sm font-medium text-muted-foreground">Member since</dt>
              <dd className="mt-1 font-medium">{profile.memberSince}</dd>
            </div>
            <div>
              <dt className="text-sm font-medium text-muted-foreground">Last sign-in</dt>
              <dd className="mt-1 font-medium">{profile.lastSignIn ?? "—"}</dd>
            </div>
            <div className="sm:col-span-2">
              <dt className="text-sm font-medium text-muted-foreground">
                <label htmlFor="account-name">Name</label>
              </dt>
              <dd className="mt-1">
                <Form method="post" className="flex flex-col gap-2 sm:flex-row sm:items-start">
                  <input type="hidden" name="intent" value="update-name" />
                  <div className="grid flex-1 gap-1">
                    <Input
                      id="account-name"
                      name="name"
                      required
                      maxLength={PERSON_NAME_MAX}
                      autoComplete="name"
                      defaultValue={nameResult?.values?.name ?? profile.name}
                      key={profile.name}
                      aria-invalid={nameResult?.errors?.name ? true : undefined}
                      aria-describedby={nameResult?.errors?.name ? "account-name-error" : undefined}
                    />
                    {nameResult?.errors?.name ? (
                      <p id="account-name-error" className="text-sm font-medium text-destructive">
                        {nameResult.errors.name[0]}
                      </p>
                    ) : null}
                  </div>
                  <Button type="submit" variant="outline" loading={pendingIntent === "update-name"}>
                    Save name
                  </Button>
                </Form>
              </dd>
            </div>
          </dl>
        </CardContent>
      </Card>

      <div className="grid gap-8 lg:grid-cols-2">
        <MyCoursesCard courses={myCourses} />
        <AccountCourseList
          title="Saved courses"
          description="Courses you saved for later."
          courses={savedCourses}
          emptyText="You have not saved any course yet."
        />
      </div>

      <AccountCertificates certificates={certificates} />
      <AccountMembership membership={billing.membership} />
      {loaderData.paymentPlans.length > 0 ? <AccountPaymentPlans plans={loaderData.paymentPlans} /> : null}
      <AccountOrders orders={billing.orders} />
      <DiscussionMailSetting enabled={loaderData.discussionMail} />

      <section aria-labelledby="security-heading" className="grid gap-6">
        <h2 id="security-heading" className="text-2xl font-bold tracking-tight">
          Security
        </h2>
        <PasswordSection
          hasPassword={profile.hasPassword}
          result={resultFor("change-password")}
          pending={pendingIntent === "change-password"}
        />
        <TwoFactorSection
          enabled={profile.twoFactorEnabled}
          hasPassword={profile.hasPassword}
          results={{
            enable: resultFor("enable-two-factor"),
            confirm: resultFor("confirm-two-factor"),
            disable: resultFor("disable-two-factor"),
          }}
          pendingIntent={typeof pendingIntent === "string" ? pendingIntent : null}
        />
        <SessionsSection sessions={sessions} pendingIntent={typeof pendingIntent === "string" ? pendingIntent : null} />
      </section>
      <DataExportSection dataExport={loaderData.dataExport} pending={pendingIntent === "request-data-export"} />
      <DeleteAccountSection
        hasPassword={profile.hasPassword}
        result={resultFor("delete-account")}
        pending={pendingIntent === "delete-account"}
      />
    </div>
  );
}

/** The account's payment plans (docs/decisions/069): paid k of N, the next date, overdue. */
function AccountPaymentPlans({ plans }: { plans: PaymentPlanView[] }) {
  return (
    <section id="payment-plans" aria-labelledby="payment-plans-heading" className="grid scroll-mt-24 gap-4">
      <h2 id="payment-plans-heading" className="text-2xl font-bold tracking-tight">
        Payment plans
      </h2>
      <PaymentPlansList plans={plans} buyer />
    </section>
  );
}
