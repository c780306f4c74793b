import { BumpCard } from "~/components/admin/bump-card";
import { useState, type ComponentProps } from "react";
import { Form, useNavigation } from "react-router";
import { ImageOff } from "lucide-react";
import type { Route } from "./+types/settings";
import { AdminError } from "~/components/admin/admin-error";
import { FileUpload } from "~/components/admin/file-upload";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { FormField } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { useToastOnce } from "~/components/use-toast-once";
import type { FieldErrors } from "~/lib/forms/parse-form";
import { adminMeta } from "~/lib/seo";
import { MEMBERSHIP_TRIAL_DAYS_MAX, PLAN_GRACE_DAYS, SELLER_DETAILS_LIMITS, SITE_SETTINGS_LIMITS, brandColorProblem, normaliseHexColor } from "~/lib/site-settings";
import { currencyLabel, STRIPE_CURRENCIES } from "~/lib/currencies";
import { DATE_FORMATS } from "~/lib/dates";
import { NativeSelect } from "~/components/ui/select";
import { type SettingsFormValues } from "./settings-form";
import { Textarea } from "~/components/ui/textarea";
import { imageSrc } from "~/lib/image-url";
export { loader, action } from "./settings.server";

export const meta: Route.MetaFunction = (args) => adminMeta(args, "Settings");

function PriceInput(props: ComponentProps<typeof Input>) {
  return <Input {...props} inputMode="decimal" autoComplete="off" />;
}

function SettingsForm({ initial, errors, zones }: { initial: SettingsFormValues; errors: FieldErrors; zones: string[] }) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formAction === "/admin/settings";
  // The logo is the one controlled field: an upload fills it in.
  const [logoUrl, setLogoUrl] = useState(initial.logoUrl);
  const [faviconUrl, setFaviconUrl] = useState(initial.faviconUrl);
  const [brandColor, setBrandColor] = useState(initial.brandColor);
  const [currency, setCurrency] = useState(initial.currency);
  // The colour as it will look, and why it would be refused, while it is typed; the server checks again.
  const swatch = normaliseHexColor(brandColor);
  const colorProblem = brandColor.trim() ? brandColorProblem(brandColor) : null;
  return (
    <Form method="post" className="grid gap-6" noValidate>
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>School</h2>
          </CardTitle>
          <CardDescription>Shown in the header, the footer, page titles, search results and every e-mail.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          <FormField label="School name" name="schoolName" error={errors.schoolName}>
            <Input defaultValue={initial.schoolName} required maxLength={SITE_SETTINGS_LIMITS.schoolName} autoComplete="organization" />
          </FormField>
          <FormField label="Tagline" name="tagline" hint="One sentence under the name in the footer." error={errors.tagline}>
            <Input defaultValue={initial.tagline} maxLength={SITE_SETTINGS_LIMITS.tagline} autoComplete="off" />
          </FormField>
          <FormField
            label="Support email"
            name="supportEmail"
            hint="Shown on the contact page; contact-form messages are sent here."
            error={errors.supportEmail}
          >
            <Input
              type="email"
              defaultValue={initial.supportEmail}
              required
              maxLength={SITE_SETTINGS_LIMITS.supportEmail}
              autoComplete="email"
            />
          </FormField>
          <div className="grid gap-3">
            <FormField
              label="Logo URL"
              name="logoUrl"
              hint="An uploaded image, a path on this site (/images/…) or an https:// address. Leave empty to show the name as text."
              error={errors.logoUrl}
            >
              <Input
                value={logoUrl}
                onChange={(event) => setLogoUrl(event.target.value)}
                maxLength={SITE_SETTINGS_LIMITS.logoUrl}
                autoComplete="off"
              />
            </FormField>
            <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
              <div className="flex h-16 w-full max-w-64 items-center justify-center overflow-hidden rounded-md border border-border bg-background p-2">
                {imageSrc(logoUrl) ? (
                  <img src={imageSrc(logoUrl)!} alt="Logo preview" className="max-h-full max-w-full object-contain" />
                ) : (
                  <ImageOff aria-label="No logo" className="size-6 text-muted-foreground" />
                )}
              </div>
              <div className="grid gap-2">
                <FileUpload
                  kind="site-logo"
                  label={logoUrl ? "Replace logo" : "Upload logo"}
                  note="Shown 160 × 32 pixels. Save to use it."
                  messages={{
                    success: "Logo uploaded successfully",
                    failure: "Failed to upload image",
                  }}
                  onUploaded={(result) => setLogoUrl(result.url)}
                />
                {logoUrl ? (
                  <Button type="button" variant="ghost" size="sm" className="justify-self-start" onClick={() => setLogoUrl("")}>
                    Remove logo
                  </Button>
                ) : null}
              </div>
            </div>
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>E-mail sender</h2>
          </CardTitle>
          <CardDescription>
            Every e-mail the school sends goes out from this name and address, with replies going to the Reply-To address.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5 md:grid-cols-2">
          <FormField label="Sender name" name="senderName" hint="Empty: the school's name." error={errors.senderName}>
            <Input defaultValue={initial.senderName} maxLength={SITE_SETTINGS_LIMITS.senderName} autoComplete="off" />
          </FormField>
          <FormField
            label="Sender address"
            name="senderEmail"
            hint="An address at a domain your mail server may send for. Empty: the server's default (MAIL_FROM)."
            error={errors.senderEmail}
          >
            <Input type="email" defaultValue={initial.senderEmail} maxLength={SITE_SETTINGS_LIMITS.supportEmail} autoComplete="off" />
          </FormField>
          <FormField label="Reply-To address" name="replyTo" hint="Where replies go. Empty: the support email." error={errors.replyTo}>
            <Input type="email" defaultValue={initial.replyTo} maxLength={SITE_SETTINGS_LIMITS.supportEmail} autoComplete="off" />
          </FormField>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Brand</h2>
          </CardTitle>
          <CardDescription>The colour of buttons, links and highlights on every page, and the icon in the browser tab.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5 md:grid-cols-2">
          <FormField
            className="content-start"
            label="Brand colour"
            name="brandColor"
            hint="A hex colour like #4338ca. White text sits on it, so it needs a contrast of at least 4.5:1 against white."
            error={errors.brandColor ?? (colorProblem ? [colorProblem] : undefined)}
          >
            <Input
              value={brandColor}
              onChange={(event) => setBrandColor(event.target.value)}
              maxLength={7}
              autoComplete="off"
              spellCheck={false}
            />
          </FormField>
          <div className="grid content-start gap-2">
            <p className="text-sm font-medium">Preview</p>
            <p
              data-testid="brand-preview"
              className="inline-flex h-10 items-center justify-self-start rounded-md px-4 text-sm font-medium text-white"
              style={{ backgroundColor: swatch && !colorProblem ? swatch : "var(--color-primary)" }}
            >
              Buy This Course
            </p>
          </div>
          <div className="grid gap-3 md:col-span-2">
            <input type="hidden" name="faviconUrl" value={faviconUrl} />
            <p className="text-sm font-medium">Favicon</p>
            <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
              <div className="flex size-12 items-center justify-center rounded-md border border-border bg-background">
                <img
                  src={imageSrc(faviconUrl) ?? "/favicon.svg"}
                  alt={faviconUrl ? "Favicon preview" : "Default favicon"}
                  className="size-8 object-contain"
                />
              </div>
              <FileUpload
                kind="site-favicon"
                label={faviconUrl ? "Replace favicon" : "Upload favicon"}
                note="Save to use it."
                messages={{ success: "Favicon uploaded successfully", failure: "Failed to upload image" }}
                onUploaded={(result) => setFaviconUrl(result.url)}
              />
              {faviconUrl ? (
                <Button type="button" variant="ghost" size="sm" onClick={() => setFaviconUrl("")}>
                  Use the default favicon
                </Button>
              ) : null}
            </div>
            {errors.faviconUrl ? <p className="text-sm font-medium text-destructive">{errors.faviconUrl.join(" ")}</p> : null}
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Currency and dates</h2>
          </CardTitle>
          <CardDescription>
            Every price and amount is shown in the currency, and every date in the time zone and format. The currency cannot change once
            there are orders in another one.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5 md:grid-cols-3">
          <FormField className="content-start" label="Currency" name="currency" error={errors.currency}>
            <NativeSelect value={currency} onChange={(event) => setCurrency(event.target.value)}>
              {STRIPE_CURRENCIES.map((code) => (
                <option key={code} value={code}>
                  {currencyLabel(code)}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField className="content-start" label="Time zone" name="timeZone" error={errors.timeZone}>
            <NativeSelect defaultValue={initial.timeZone}>
              {zones.map((zone) => (
                <option key={zone} value={zone}>
                  {zone.replaceAll("_", " ")}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField className="content-start" label="Date format" name="dateFormat" error={errors.dateFormat}>
            <NativeSelect defaultValue={initial.dateFormat}>
              {DATE_FORMATS.map((format) => (
                <option key={format} value={format}>
                  {format}
                </option>
              ))}
            </NativeSelect>
          </FormField>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Prices</h2>
          </CardTitle>
          <CardDescription>
            In {currencyLabel(currency)}, in whole units (97 or 97.50). The pricing page, the home page, course pages, the terms and the
            checkout use these; a course&apos;s own price is set on the course. No one-click upsell follows a membership&apos;s purchase:
            the membership opens every course, so a member already holds any course or bundle one could offer (courses and bundles
            have theirs on their edit pages).
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5 md:grid-cols-3">
          <FormField
            className="content-start"
            label={`Monthly membership price (${currency.toUpperCase()})`}
            name="membershipMonthly"
            error={errors.membershipMonthly}
          >
            <PriceInput defaultValue={initial.membershipMonthly} required />
          </FormField>
          <FormField
            className="content-start"
            label={`Yearly membership price (${currency.toUpperCase()})`}
            name="membershipYearly"
            error={errors.membershipYearly}
          >
            <PriceInput defaultValue={initial.membershipYearly} required />
          </FormField>
          <FormField
            className="content-start"
            label={`Single-course fallback price (${currency.toUpperCase()})`}
            name="courseFallbackPrice"
            hint="The typical course price quoted on the pricing page."
            error={errors.courseFallbackPrice}
          >
            <PriceInput defaultValue={initial.courseFallbackPrice} required />
          </FormField>
          <FormField
            className="content-start"
            label="Membership free trial (days)"
            name="membershipTrialDays"
            hint="Monthly and yearly plans start free for this many days, once per account. 0 turns the trial off."
            error={errors.membershipTrialDays}
          >
            <Input type="number" inputMode="numeric" min={0} max={MEMBERSHIP_TRIAL_DAYS_MAX} step={1} defaultValue={initial.membershipTrialDays} required />
          </FormField>
          <FormField
            className="content-start"
            label="Payment plan grace period (days)"
            name="planGraceDays"
            hint="After a declined instalment the buyer keeps the course this many days, then it pauses until they pay."
            error={errors.planGraceDays}
          >
            <Input
              type="number"
              inputMode="numeric"
              min={PLAN_GRACE_DAYS.min}
              max={PLAN_GRACE_DAYS.max}
              step={1}
              defaultValue={initial.planGraceDays}
              required
            />
          </FormField>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Invoices</h2>
          </CardTitle>
          <CardDescription>
            The seller every invoice and credit note names. Invoices keep the details they were issued with; a change applies to the next
            ones.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          <FormField
            label="Legal name"
            name="sellerLegalName"
            hint="Your company's registered name. Empty: the school's name."
            error={errors.sellerLegalName}
          >
            <Input defaultValue={initial.sellerLegalName} maxLength={SELLER_DETAILS_LIMITS.legalName} autoComplete="organization" />
          </FormField>
          <FormField label="Address" name="sellerAddress" hint="One line per line of the address." error={errors.sellerAddress}>
            <Textarea
              defaultValue={initial.sellerAddress}
              maxLength={SELLER_DETAILS_LIMITS.address}
              rows={3}
              autoComplete="street-address"
            />
          </FormField>
          <FormField label="Tax number" name="sellerTaxNumber" hint="Your VAT or tax ID, like IE1234567T." error={errors.sellerTaxNumber}>
            <Input defaultValue={initial.sellerTaxNumber} maxLength={SELLER_DETAILS_LIMITS.taxNumber} autoComplete="off" />
          </FormField>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Checkout reminders</h2>
          </CardTitle>
          <CardDescription>
            A signed-in buyer who opens a checkout and does not pay within an hour gets one e-mail with its link (and its coupon). Not
            sent to people who stopped marketing mail or bought it since.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <label className="flex items-start gap-3 text-sm">
            <input
              type="checkbox"
              name="checkoutReminders"
              value="on"
              defaultChecked={initial.checkoutReminders === "on"}
              className="mt-0.5 size-4 accent-primary"
            />
            <span>Send checkout reminders</span>
          </label>
        </CardContent>
      </Card>

      <div>
        <Button type="submit" name="intent" value="save" loading={saving}>
          Save settings
        </Button>
      </div>
    </Form>
  );
}

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  // A bump card's refused save answers its own keys; the settings form's answer has these.
  const answer = actionData && "values" in actionData ? actionData : undefined;
  useToastOnce(answer?.toast);
  const initial = answer?.values ?? loaderData.values;
  return (
    <div className="grid max-w-4xl grid-cols-1 gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Settings</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          The school&apos;s name, contact address, logo, e-mail sender, brand, currency, dates and prices. A change shows on every page at
          once.
        </p>
      </div>
      {/* A new key after each save, so the fields show the values as saved (trimmed, in cents-exact dollars). */}
      <SettingsForm key={JSON.stringify(loaderData.values)} initial={initial} errors={answer?.errors ?? {}} zones={loaderData.zones} />
      {/* Each membership plan's order bump (docs/decisions/074): its own form, beside the plans' prices. */}
      <BumpCard
        card="monthlyBump"
        title="Monthly plan's order bump"
        description="One course or bundle offered in a box at the monthly membership's checkout, at a special price, paid once with the first payment."
        bump={loaderData.bumps.monthly}
        answer={actionData}
      />
      <BumpCard
        card="yearlyBump"
        title="Yearly plan's order bump"
        description="One course or bundle offered in a box at the yearly membership's checkout, at a special price, paid once with the first payment."
        bump={loaderData.bumps.yearly}
        answer={actionData}
      />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
