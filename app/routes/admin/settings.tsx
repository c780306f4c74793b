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
import { SITE_SETTINGS_LIMITS } from "~/lib/site-settings";

import { type SettingsFormValues } from "./settings-form";
import { imageSrc } from "~/lib/image-url";
export { loader, action } from "./settings.server";

export const meta: Route.MetaFunction = (args) => adminMeta(args, "Settings");

function PriceInput(props: ComponentProps<typeof Input>) {
  return (
    <div className="relative">
      <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-muted-foreground">
        $
      </span>
      <Input {...props} inputMode="decimal" autoComplete="off" className="pl-7" />
    </div>
  );
}

function SettingsForm({ initial, errors }: { initial: SettingsFormValues; errors: FieldErrors }) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formAction === "/admin/settings";
  // The logo is the one controlled field: an upload fills it in.
  const [logoUrl, setLogoUrl] = useState(initial.logoUrl);
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
            <h2>Prices</h2>
          </CardTitle>
          <CardDescription>
            In US dollars. The pricing page, the home page, course pages, the terms and the checkout use these; a course&apos;s own price is
            set on the course.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5 md:grid-cols-3">
          <FormField
            className="content-start"
            label="Monthly membership price (USD)"
            name="membershipMonthly"
            error={errors.membershipMonthly}
          >
            <PriceInput defaultValue={initial.membershipMonthly} required />
          </FormField>
          <FormField
            className="content-start"
            label="Yearly membership price (USD)"
            name="membershipYearly"
            error={errors.membershipYearly}
          >
            <PriceInput defaultValue={initial.membershipYearly} required />
          </FormField>
          <FormField
            className="content-start"
            label="Single-course fallback price (USD)"
            name="courseFallbackPrice"
            hint="The typical course price quoted on the pricing page."
            error={errors.courseFallbackPrice}
          >
            <PriceInput defaultValue={initial.courseFallbackPrice} required />
          </FormField>
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
  useToastOnce(actionData?.toast);
  const initial = actionData?.values ?? loaderData.values;
  return (
    <div className="grid max-w-4xl grid-cols-1 gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Settings</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          The school&apos;s name, contact address, logo and prices. A change shows on every page at once.
        </p>
      </div>
      {/* A new key after each save, so the fields show the values as saved (trimmed, in cents-exact dollars). */}
      <SettingsForm key={JSON.stringify(loaderData.values)} initial={initial} errors={actionData?.errors ?? {}} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
