import { ArrowDown, ArrowUp, GripVertical } from "lucide-react";
import { useEffect, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/navigation";
import { AdminError } from "~/components/admin/admin-error";
import { useAnswerToast } from "~/components/use-toast-once";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { adminMeta } from "~/lib/seo";
import { NAVIGATION_LABEL_MAX } from "./navigation-form";

export { loader, action } from "./navigation.server";

export const meta: Route.MetaFunction = (args) => adminMeta(args, "Navigation");

type Answer = { errors?: Record<string, string[]>; values?: Record<string, string>; toast?: unknown } | undefined;
type Area = Route.ComponentProps["loaderData"]["areas"][number];

/**
 * One list's links in order: drag a row, or use its Move up / Move down buttons (one form post
 * each, so they work from the keyboard and without JavaScript); then Save keeps the order shown.
 */
function AreaForm({ area, answer }: { area: Area; answer: Answer }) {
  const navigation = useNavigation();
  const [order, setOrder] = useState(area.items);
  const [dragged, setDragged] = useState<string | null>(null);
  useEffect(() => setOrder(area.items), [area.items]);
  const mine = answer?.values?.area === area.area;
  const errors = mine ? (answer?.errors ?? {}) : {};
  const busy = navigation.state === "submitting" && navigation.formData?.get("area") === area.area;

  const dropOn = (key: string) => {
    if (!dragged || dragged === key) return;
    const next = order.filter((item) => item.key !== dragged);
    next.splice(
      next.findIndex((item) => item.key === key),
      0,
      order.find((item) => item.key === dragged)!,
    );
    setOrder(next);
  };

  return (
    <section id={area.area} aria-labelledby={`${area.area}-heading`} className="grid gap-3 rounded-xl border bg-card p-4 sm:p-6">
      <h2 id={`${area.area}-heading`} className="text-lg font-semibold">
        {area.title}
      </h2>
      {order.length === 0 ? (
        <p className="text-sm text-muted-foreground">No links in this list.</p>
      ) : (
        <Form method="post" className="grid gap-3">
          <input type="hidden" name="intent" value="save-area" />
          <input type="hidden" name="area" value={area.area} />
          <ol className="grid gap-2">
            {order.map((item, index) => (
              <li
                key={item.key}
                draggable
                onDragStart={() => setDragged(item.key)}
                onDragOver={(event) => event.preventDefault()}
                onDrop={() => dropOn(item.key)}
                onDragEnd={() => setDragged(null)}
                data-testid="navigation-row"
                className={`flex flex-wrap items-end gap-3 rounded-lg border p-3 ${dragged === item.key ? "opacity-50" : ""}`}
              >
                <GripVertical aria-hidden="true" className="mb-2 size-4 cursor-grab text-muted-foreground" />
                <input type="hidden" name={`items.${index}.key`} value={item.key} />
                <FormField
                  label={`Label of the link to ${item.to}`}
                  name={`items.${index}.label`}
                  error={errors[`items.${index}.label`]}
                  className="min-w-48 flex-1"
                >
                  <Input
                    defaultValue={mine ? (answer?.values?.[`items.${index}.label`] ?? item.label) : item.label}
                    maxLength={NAVIGATION_LABEL_MAX}
                    required
                  />
                </FormField>
                <label className="mb-2 flex items-center gap-2 text-sm">
                  <input type="checkbox" name={`items.${index}.hidden`} defaultChecked={item.hidden} className="size-4" />
                  Hide “{item.label}”
                </label>
                <div className="flex gap-1">
                  <Button
                    type="submit"
                    name="move"
                    value={`${index}:up`}
                    variant="outline"
                    size="icon"
                    disabled={index === 0}
                    aria-label={`Move “${item.label}” up`}
                  >
                    <ArrowUp aria-hidden="true" />
                  </Button>
                  <Button
                    type="submit"
                    name="move"
                    value={`${index}:down`}
                    variant="outline"
                    size="icon"
                    disabled={index === order.length - 1}
                    aria-label={`Move “${item.label}” down`}
                  >
                    <ArrowDown aria-hidden="true" />
                  </Button>
                </div>
              </li>
            ))}
          </ol>
          <div className="flex justify-end">
            <Button type="submit" loading={busy}>
              Save {area.title}
            </Button>
          </div>
        </Form>
      )}
    </section>
  );
}

/** Admin → Pages → Navigation: the header's and footer's links (order, labels, hidden) and the social links. */
export default function AdminNavigation({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData as Answer;
  useAnswerToast(actionData);
  const navigation = useNavigation();
  const socialErrors = answer?.values?.intent === "save-social" ? (answer.errors ?? {}) : {};
  const socialValues = answer?.values?.intent === "save-social" ? answer.values : null;
  return (
    <div className="grid max-w-4xl gap-6">
      <div>
        <p className="text-sm text-muted-foreground">
          <Link to="/admin/pages" className="hover:underline">
            Pages
          </Link>{" "}
          / Navigation
        </p>
        <h1 className="text-2xl font-bold tracking-tight">Navigation</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          The links in the site's header (after the Courses menu) and footer. Your pages join a list when you tick “Header” or “Footer” on
          them.
        </p>
      </div>
      {loaderData.areas.map((area) => (
        <AreaForm key={area.area} area={area} answer={answer} />
      ))}
      <section aria-labelledby="social-heading" className="grid gap-3 rounded-xl border bg-card p-4 sm:p-6">
        <h2 id="social-heading" className="text-lg font-semibold">
          Social links
        </h2>
        <p className="text-sm text-muted-foreground">Shown in the footer. Leave a network empty to leave it out.</p>
        <Form method="post" className="grid gap-4">
          <input type="hidden" name="intent" value="save-social" />
          <div className="grid gap-4 sm:grid-cols-2">
            {loaderData.social.map((link) => (
              <FormField key={link.network} label={link.label} name={link.network} error={socialErrors[link.network]}>
                <Input type="url" inputMode="url" placeholder="https://" defaultValue={socialValues?.[link.network] ?? link.url} />
              </FormField>
            ))}
          </div>
          <div className="flex justify-end">
            <Button type="submit" loading={navigation.state === "submitting" && navigation.formData?.get("intent") === "save-social"}>
              Save social links
            </Button>
          </div>
        </Form>
      </section>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
