import type { ChangeEvent, ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { FormField } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { COUPON_CODE_MAX } from "~/lib/coupons";
import { COUPON_DURATION_LABELS, COUPON_DURATIONS, COUPON_TARGET_LABELS, COUPON_TARGETS } from "~/lib/domain-values";
import type { FieldErrors } from "~/lib/forms/parse-form";
import type { CouponFormValues } from "./coupon-form";
import { useSchoolMoney } from "~/components/use-site-settings";

export type CourseChoice = { id: string; title: string; status: string };

/** A group of radio buttons with a visible legend and its error under it. */
function Choice({
  legend,
  name,
  value,
  options,
  error,
  children,
}: {
  legend: string;
  name: string;
  value: string;
  options: { value: string; label: string; detail?: ReactNode }[];
  error?: readonly string[];
  children?: ReactNode;
}) {
  const errorId = `${name}-error`;
  return (
    <fieldset className="grid gap-2" aria-describedby={error?.length ? errorId : undefined}>
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      {options.map((option) => (
        <div key={option.value} className="grid gap-2">
          <label className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name={name}
              value={option.value}
              defaultChecked={value === option.value}
              className="size-4 accent-primary"
            />
            {option.label}
          </label>
          {option.detail ? <div className="ml-6">{option.detail}</div> : null}
        </div>
      ))}
      {children}
      {error?.length ? (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error.join(" ")}
        </p>
      ) : null}
    </fieldset>
  );
}

/** Ticking a course chooses "Chosen courses": under another target the tick would mean nothing (the server refuses it). */
function chooseCoursesTarget(event: ChangeEvent<HTMLInputElement>) {
  if (!event.currentTarget.checked) return;
  const target = event.currentTarget.form?.querySelector<HTMLInputElement>('input[name="appliesTo"][value="courses"]');
  if (target) target.checked = true;
}

/**
 * The New / Edit coupon form. Every field is shown (it works without JavaScript); the server
 * reads the ones the chosen kind of discount and target need, and says what is missing next to
 * the field, keeping what was typed.
 */
export function CouponEditor({
  title,
  initial,
  errors = {},
  courses,
  submitLabel,
  aside,
}: {
  title: string;
  initial: CouponFormValues;
  errors?: FieldErrors;
  courses: CourseChoice[];
  submitLabel: string;
  aside?: ReactNode;
}) {
  const navigation = useNavigation();
  const { currency } = useSchoolMoney();
  const saving = navigation.state === "submitting" && navigation.formMethod === "POST";
  const chosen = new Set(initial.courseIds.split(",").filter(Boolean));
  return (
    <div className="grid max-w-3xl grid-cols-1 gap-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="text-sm">
            <Link to="/admin/coupons" className="text-muted-foreground hover:underline">
              Coupons
            </Link>
          </p>
          <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        </div>
        {aside}
      </div>
      <Form method="post" className="grid gap-6" noValidate>
        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2>Code and discount</h2>
            </CardTitle>
            <CardDescription>Buyers type the code at checkout in any case, or follow a link with ?coupon=CODE.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-5">
            <FormField label="Code" name="code" hint="Letters, digits, dashes and underscores, e.g. LAUNCH25." error={errors.code}>
              <Input
                defaultValue={initial.code}
                maxLength={COUPON_CODE_MAX}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                className="font-mono uppercase"
              />
            </FormField>
            <Choice
              legend="Discount"
              name="discountType"
              value={initial.discountType}
              error={errors.discountType}
              options={[
                {
                  value: "percent",
                  label: "A percentage",
                  detail: (
                    <FormField label="Percent off" name="percentOff" error={errors.percentOff}>
                      <Input defaultValue={initial.percentOff} inputMode="numeric" autoComplete="off" className="max-w-32" />
                    </FormField>
                  ),
                },
                {
                  value: "amount",
                  label: "A fixed amount",
                  detail: (
                    <FormField label={`Amount off (${currency.toUpperCase()})`} name="amountOff" error={errors.amountOff}>
                      <Input defaultValue={initial.amountOff} inputMode="decimal" autoComplete="off" className="max-w-32" />
                    </FormField>
                  ),
                },
              ]}
            />
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2>What it applies to</h2>
            </CardTitle>
          </CardHeader>
          <CardContent className="grid gap-5">
            <Choice
              legend="Applies to"
              name="appliesTo"
              value={initial.appliesTo}
              error={errors.appliesTo ?? errors.courseIds}
              options={COUPON_TARGETS.map((target) => ({
                value: target,
                label: COUPON_TARGET_LABELS[target],
                detail:
                  target === "courses" ? (
                    <fieldset className="grid max-h-64 gap-1 overflow-y-auto rounded-md border p-3">
                      <legend className="sr-only">Courses</legend>
                      {courses.length === 0 ? <p className="text-sm text-muted-foreground">No courses yet.</p> : null}
                      {courses.map((course) => (
                        <label key={course.id} className="flex items-center gap-2 text-sm">
                          <input
                            type="checkbox"
                            name="courseIds"
                            value={course.id}
                            defaultChecked={chosen.has(course.id)}
                            onChange={chooseCoursesTarget}
                            className="size-4 accent-primary"
                          />
                          {course.title}
                          {course.status === "published" ? null : <span className="text-xs text-muted-foreground">(draft)</span>}
                        </label>
                      ))}
                    </fieldset>
                  ) : target === "membership" ? (
                    <Choice
                      legend="Membership payments"
                      name="duration"
                      value={initial.duration}
                      options={COUPON_DURATIONS.map((duration) => ({ value: duration, label: COUPON_DURATION_LABELS[duration] }))}
                    />
                  ) : null,
              }))}
            />
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2>Dates and limits</h2>
            </CardTitle>
            <CardDescription>
              Dates are in UTC; the code works through the whole end date. Leave a field empty for no limit.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-5 sm:grid-cols-2">
            <FormField label="Starts on" name="startsOn" error={errors.startsOn}>
              <Input type="date" defaultValue={initial.startsOn} />
            </FormField>
            <FormField label="Ends on" name="endsOn" error={errors.endsOn}>
              <Input type="date" defaultValue={initial.endsOn} />
            </FormField>
            <FormField
              label="Total redemptions"
              name="maxRedemptions"
              hint="How many orders may use it in all."
              error={errors.maxRedemptions}
            >
              <Input defaultValue={initial.maxRedemptions} inputMode="numeric" autoComplete="off" />
            </FormField>
            <FormField label="Redemptions per customer" name="maxPerCustomer" error={errors.maxPerCustomer}>
              <Input defaultValue={initial.maxPerCustomer} inputMode="numeric" autoComplete="off" />
            </FormField>
          </CardContent>
        </Card>

        <div>
          <Button type="submit" name="intent" value="save" loading={saving}>
            {submitLabel}
          </Button>
        </div>
      </Form>
    </div>
  );
}
