import { FormField } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/select";

type Errors = Record<string, readonly string[] | undefined>;

/**
 * A commission as the program's settings and an affiliate's own terms write it: a percentage of
 * what was paid before tax, or a fixed amount per sale. Both amounts are shown (the form works
 * without JavaScript); the server reads the one the type uses.
 */
export function CommissionFields({ values, errors, currency }: { values: Record<string, string>; errors: Errors; currency: string }) {
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <FormField label="Commission type" name="commissionType" error={errors.commissionType}>
        <NativeSelect defaultValue={values.commissionType ?? "percent"}>
          <option value="percent">Percentage of each sale</option>
          <option value="fixed">Fixed amount per sale</option>
        </NativeSelect>
      </FormField>
      <FormField
        label="Percentage"
        name="commissionPercent"
        hint="Of what the buyer paid, after coupons and before tax"
        error={errors.commissionPercent}
      >
        <Input inputMode="numeric" defaultValue={values.commissionPercent ?? ""} />
      </FormField>
      <FormField
        label={`Fixed amount (${currency.toUpperCase()})`}
        name="commissionFixed"
        hint="Never more than the sale"
        error={errors.commissionFixed}
      >
        <Input inputMode="decimal" defaultValue={values.commissionFixed ?? ""} />
      </FormField>
    </div>
  );
}
