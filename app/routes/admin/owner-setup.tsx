import { Form, useNavigation } from "react-router";
import { KeyRound } from "lucide-react";
import { siteTitle } from "~/lib/seo";
import type { Route } from "./+types/owner-setup";
import { AuthAlert } from "~/components/auth-alert";
import { AuthCard } from "~/components/auth-card";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { ADMIN_PASSWORD_MIN, EMAIL_MAX, PASSWORD_MAX, PERSON_NAME_MAX } from "~/lib/forms/limits";
import { SETUP_CODE_MAX } from "./owner-setup-form";
import { ownerSetupAction, requireOwnerSetupOpen } from "./owner-setup.server";

export const meta: Route.MetaFunction = (args) => [
  { title: siteTitle(args, "Create the owner account") },
  { name: "robots", content: "noindex" },
];

/** Only while no admin exists (first run); then 404 for everyone. */
export async function loader() {
  await requireOwnerSetupOpen();
  return null;
}

export function action({ request, context }: Route.ActionArgs) {
  return ownerSetupAction({ request, context });
}

export default function OwnerSetup({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const errors = actionData && "errors" in actionData ? actionData.errors : undefined;
  const error = actionData && "error" in actionData ? actionData.error : undefined;
  const values = actionData?.values;
  return (
    <AuthCard
      title="Create the owner account"
      description={
        <>
          This school has no admin yet. The owner account can manage everything, including other admins. To prove you run this server, enter
          the one-time setup code it printed when it started (in the console of <code>npm start</code> and in the server log).
        </>
      }
    >
      <div className="grid gap-5">
        {error ? <AuthAlert>{error}</AuthAlert> : null}
        <Form method="post" className="grid gap-4">
          <FormField label="Setup code" name="code" error={errors?.code}>
            <Input
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              required
              maxLength={SETUP_CODE_MAX}
              placeholder="XXXXX-XXXXX-XXXXX"
              defaultValue={values?.code}
              className="font-mono tracking-wider"
            />
          </FormField>
          <FormField label="Full name" name="name" error={errors?.name}>
            <Input autoComplete="name" required maxLength={PERSON_NAME_MAX} defaultValue={values?.name} />
          </FormField>
          <FormField label="Email" name="email" error={errors?.email}>
            <Input type="email" autoComplete="email" required maxLength={EMAIL_MAX} defaultValue={values?.email} />
          </FormField>
          <FormField label="Password" name="password" error={errors?.password} hint={`At least ${ADMIN_PASSWORD_MIN} characters.`}>
            <Input type="password" autoComplete="new-password" required minLength={ADMIN_PASSWORD_MIN} maxLength={PASSWORD_MAX} />
          </FormField>
          <Button type="submit" size="lg" loading={navigation.state === "submitting"}>
            <KeyRound aria-hidden="true" /> Create the owner account
          </Button>
        </Form>
      </div>
    </AuthCard>
  );
}
