import { CheckCircle2, Clock, Mail } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/contact";
import { PageHero } from "~/components/marketing-page-hero";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { pageMeta } from "~/lib/seo";

import { CONTACT_LIMITS } from "~/lib/forms/limits";
export { loader, action } from "./contact.server";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Contact",
    description: "Questions about a course, your membership or a purchase? Send us a message and we'll reply within 24-48 hours.",
    path: "/contact",
  });

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const errors = actionData && "errors" in actionData ? actionData.errors : undefined;
  const limited = actionData && "error" in actionData ? actionData.error : undefined;
  const values = actionData?.values;
  return (
    <>
      <PageHero eyebrow="Contact" title="Get in touch">
        <p>
          Questions about a course, your membership or a purchase? Send us a message. Many answers are already in the{" "}
          <Link to="/#faq" className="font-semibold text-primary underline-offset-4 hover:underline">
            FAQ
          </Link>
          .
        </p>
      </PageHero>
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-16 sm:px-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <section aria-labelledby="contact-form-heading" className="rounded-2xl border bg-card p-6 shadow-sm sm:p-8">
          {loaderData.sent ? (
            <div role="status" className="flex flex-col items-start gap-4">
              <CheckCircle2 aria-hidden="true" className="size-10 text-success" />
              <h2 id="contact-form-heading" className="text-2xl font-bold tracking-tight">
                Thanks, your message has been sent
              </h2>
              <p className="text-muted-foreground">We'll reply to the email address you gave within 24-48 hours.</p>
              <Button asChild variant="outline">
                <Link to="/contact">Send another message</Link>
              </Button>
            </div>
          ) : (
            <>
              <h2 id="contact-form-heading" className="text-2xl font-bold tracking-tight">
                Send us a message
              </h2>
              <p className="mt-1 text-sm text-muted-foreground">All fields are required.</p>
              <Form
                method="post"
                noValidate
                className="mt-6 grid gap-5"
                aria-describedby={errors || limited ? "contact-error-summary" : undefined}
              >
                {limited ? (
                  <p
                    id="contact-error-summary"
                    role="alert"
                    className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm font-medium text-destructive"
                  >
                    {limited}
                  </p>
                ) : errors ? (
                  <p
                    id="contact-error-summary"
                    role="alert"
                    className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm font-medium text-destructive"
                  >
                    Please correct the highlighted fields and send again.
                  </p>
                ) : null}
                <div className="grid gap-5 sm:grid-cols-2">
                  <FormField label="Name" name="name" id="contact-name" error={errors?.name}>
                    <Input autoComplete="name" required defaultValue={values?.name} maxLength={CONTACT_LIMITS.name} />
                  </FormField>
                  <FormField label="Email" name="email" id="contact-email" error={errors?.email}>
                    <Input type="email" autoComplete="email" required defaultValue={values?.email} maxLength={CONTACT_LIMITS.email} />
                  </FormField>
                </div>
                <FormField label="Message" name="message" id="contact-message" error={errors?.message}>
                  <Textarea rows={7} required defaultValue={values?.message} maxLength={CONTACT_LIMITS.message} />
                </FormField>
                <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
                  <label htmlFor="contact-website">Leave this field empty</label>
                  <input id="contact-website" type="text" name="website" tabIndex={-1} autoComplete="off" />
                </div>
                <Button type="submit" size="lg" className="justify-self-start" loading={navigation.state === "submitting"}>
                  Send message
                </Button>
              </Form>
            </>
          )}
        </section>
        <aside aria-label="Other ways to reach us" className="flex flex-col gap-6">
          <div className="rounded-2xl border bg-card p-6 shadow-sm">
            <Mail aria-hidden="true" className="size-6 text-primary" />
            <h2 className="mt-3 text-lg font-semibold">Email support</h2>
            <p className="mt-1 text-sm text-muted-foreground">Prefer your own mail app? Write to us directly.</p>
            <a
              href={`mailto:${loaderData.supportEmail}`}
              className="mt-3 inline-block font-semibold break-all text-primary hover:underline"
            >
              {loaderData.supportEmail}
            </a>
          </div>
          <div className="rounded-2xl border bg-card p-6 shadow-sm">
            <Clock aria-hidden="true" className="size-6 text-primary" />
            <h2 className="mt-3 text-lg font-semibold">Response time</h2>
            <p className="mt-1 text-sm text-muted-foreground">
              We reply to every message within 24-48 hours, Monday to Friday. Members' questions are answered first.
            </p>
          </div>
          <div className="rounded-2xl border bg-muted p-6">
            <h2 className="text-lg font-semibold">Looking for a quick answer?</h2>
            <p className="mt-1 text-sm text-muted-foreground">
              Membership, refunds and access are covered in the frequently asked questions.
            </p>
            <Link to="/#faq" className="mt-3 inline-block font-semibold text-primary hover:underline">
              Read the FAQ
            </Link>
          </div>
        </aside>
      </div>
    </>
  );
}
