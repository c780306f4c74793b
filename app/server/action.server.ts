import { data } from "react-router";
import type { FieldErrors, FormValues } from "~/lib/forms/parse-form";
import type { ToastInput } from "~/server/toast.server";

/**
 * Every action has one shape (docs/decisions/007-domain-folders-and-action-shape.md), in a
 * `*.server.ts` beside its route:
 *
 *   guard → parseForm(schema, await readForm(request))        schema: z.discriminatedUnion("intent", …)
 *         → refused: invalidForm(parsed)                      400 { errors, values }
 *         → one domain operation                              verb-first, one object parameter
 *         → redirectWithToast(to, toast) | dataWithToast(payload, toast)
 *         → a domain failure: its domain's mapping            e.g. postFailure("delete", error)
 *
 * A missing record the page is about is a 404 thrown from the loader, not a toast.
 */

/** The bodies a form sends (`<form>`, a fetcher, sendBeacon with URLSearchParams or FormData). */
const FORM_BODY_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/**
 * The posted form, for every action (issue 36: a JSON body made `request.formData()` throw, which
 * answered 500 and logged an error). Another content type, or none, is refused with 415 and the
 * types it takes in `Accept-Post`; a form body that does not parse (a broken multipart) with 400.
 * Both are thrown: the caller sent something no form sends, so there is nothing to show it.
 */
export async function readForm(request: Request): Promise<FormData> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (!FORM_BODY_TYPES.includes(type)) {
    throw data(
      { error: "Send this form as application/x-www-form-urlencoded or multipart/form-data." },
      { status: 415, headers: { "Accept-Post": FORM_BODY_TYPES.join(", ") } },
    );
  }
  try {
    // eslint-disable-next-line no-restricted-syntax -- the one place a request's form is read
    return await request.formData();
  } catch {
    throw data({ error: "The form could not be read." }, { status: 400 });
  }
}

/**
 * A refused form: 400 with the messages per field and what was typed, so nothing typed is lost.
 * `values` is the form's text as sent, or the page's own shape of it (a form with lists).
 */
export function invalidForm<Values extends FormValues | Record<string, unknown>, Extra extends object = object>(
  parsed: { errors: FieldErrors; values: Values },
  extra?: Extra,
) {
  return data({ ...(extra as Extra), errors: parsed.errors, values: parsed.values }, { status: 400 });
}

/**
 * A domain failure as the person sees it: the spec's error toast and the status to answer with.
 * Each domain maps its typed errors to these in one place (e.g. `postFailure`), so no route copies them.
 */
export type Failure = { toast: ToastInput & { kind: "error" }; status: number };
