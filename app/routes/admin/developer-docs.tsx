import { Link } from "react-router";
import type { Route } from "./+types/developer-docs";
import { AdminError } from "~/components/admin/admin-error";
import { Badge } from "~/components/ui/badge";
import { adminMeta } from "~/lib/seo";
import { apiDocsLoader } from "./developer-docs.server";

export const meta: Route.MetaFunction = (args) => adminMeta(args, "API reference");

export function loader({ request, context }: Route.LoaderArgs) {
  return apiDocsLoader({ request, context });
}

/** The REST API's reference, read from the OpenAPI document the API itself serves. */
export default function ApiReference({ loaderData }: Route.ComponentProps) {
  const { serverUrl, endpoints, webhooks } = loaderData;
  return (
    <div className="grid max-w-4xl gap-8">
      <div className="grid gap-2">
        <h1 className="text-2xl font-bold tracking-tight">API reference</h1>
        <p className="text-sm text-muted-foreground">
          Base URL <code>{serverUrl}</code>. Send an API key from <Link to="/admin/developers">Developers</Link> as{" "}
          <code>Authorization: Bearer {"<key>"}</code>. Lists are newest first: pass <code>next_cursor</code> back as <code>cursor</code>{" "}
          for the next page. Errors are <code>application/problem+json</code> (RFC 9457) with the status, a title and the invalid fields.
          Each key may make 300 requests a minute; the <code>RateLimit</code> header says what is left.
        </p>
        <p className="text-sm">
          <a href="/api/v1/openapi.json" className="underline">
            The OpenAPI 3.1 document
          </a>{" "}
          describes the same, for code generators and API tools.
        </p>
      </div>
      <nav aria-label="Endpoints">
        <ul className="grid gap-1 text-sm">
          {endpoints.map((endpoint) => (
            <li key={endpoint.id}>
              <a href={`#${endpoint.id}`} className="hover:underline">
                <code>
                  {endpoint.method} {endpoint.path}
                </code>{" "}
                — {endpoint.summary}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {endpoints.map((endpoint) => (
        <section
          key={endpoint.id}
          id={endpoint.id}
          aria-labelledby={`${endpoint.id}-title`}
          className="grid gap-3 rounded-xl border bg-card p-4 sm:p-6"
        >
          <h2 id={`${endpoint.id}-title`} className="flex flex-wrap items-center gap-2 font-semibold">
            <Badge variant="secondary">{endpoint.method}</Badge>
            <code>{endpoint.path}</code>
          </h2>
          <p>{endpoint.summary}</p>
          {endpoint.description ? <p className="text-sm text-muted-foreground">{endpoint.description}</p> : null}
          <p className="text-sm">
            Scope: <code>{endpoint.scope}</code>
          </p>
          {endpoint.parameters.length > 0 ? (
            <FieldTable
              caption="Parameters"
              rows={endpoint.parameters.map((parameter) => ({ ...parameter, name: `${parameter.name} (${parameter.in})` }))}
            />
          ) : null}
          {endpoint.body ? <FieldTable caption="JSON body" rows={endpoint.body} /> : null}
          <h3 className="text-sm font-semibold">Answers</h3>
          <ul className="grid gap-1 text-sm">
            {endpoint.responses.map((response) => (
              <li key={response.status}>
                <code>{response.status}</code> {response.description}
              </li>
            ))}
          </ul>
        </section>
      ))}
      <section aria-labelledby="webhook-events-title" className="grid gap-3">
        <h2 id="webhook-events-title" className="text-xl font-bold tracking-tight">
          Webhook events
        </h2>
        <p className="text-sm text-muted-foreground">
          Each delivery is a <code>POST</code> of <code>{"{ type, timestamp, data }"}</code>, sent after the change commits, signed as
          Standard Webhooks says (<code>webhook-id</code>, <code>webhook-timestamp</code>, <code>webhook-signature</code>: verify them
          with the endpoint&apos;s secret and a Standard Webhooks library). The <code>webhook-id</code> stays the same on every retry,
          so a receiver can drop repeats. Records are in the shapes of the OpenAPI document&apos;s schemas.
        </p>
        {webhooks.map((webhook) => (
          <section
            key={webhook.id}
            id={webhook.id}
            aria-labelledby={`${webhook.id}-title`}
            className="grid gap-3 rounded-xl border bg-card p-4 sm:p-6"
          >
            <h3 id={`${webhook.id}-title`} className="font-semibold">
              <code>{webhook.event}</code>
            </h3>
            <p>{webhook.summary}</p>
            <FieldTable caption="data" rows={webhook.data} />
          </section>
        ))}
      </section>
    </div>
  );
}

function FieldTable({
  caption,
  rows,
}: {
  caption: string;
  rows: { name: string; required: boolean; type: string; description: string }[];
}) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="mb-1 text-left font-semibold">{caption}</caption>
        <thead>
          <tr className="border-b">
            <th scope="col" className="py-1 pr-3">
              Name
            </th>
            <th scope="col" className="py-1 pr-3">
              Type
            </th>
            <th scope="col" className="py-1">
              About
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.name} className="border-b align-top last:border-0">
              <td className="py-1 pr-3">
                <code>{row.name}</code>
                {row.required ? <span className="text-muted-foreground"> required</span> : null}
              </td>
              <td className="py-1 pr-3">{row.type}</td>
              <td className="py-1">{row.description}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
