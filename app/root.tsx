import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from "react-router";
import type { Route } from "./+types/root";
import { Toaster } from "~/components/ui/toaster";
import type { RootUser } from "~/components/use-root-user";
import { useToastOnce } from "~/components/use-toast-once";
import { useNonce } from "~/lib/nonce";
import { setDateDisplay } from "~/lib/dates";
import { DEFAULT_SITE_SETTINGS, normaliseHexColor, type SiteSettings } from "~/lib/site-settings";
import { sessionMiddleware } from "~/server/auth/session.server";
import { getSessionUser } from "~/server/auth/guards.server";
import { getConfig } from "~/server/platform/config.server";
import { countUnreadNotifications } from "~/server/discussions/discussion-notifications.server";
import { getRequestSiteSettings, siteSettingsMiddleware } from "~/server/settings/site-settings.server";
import { readToast } from "~/server/toast.server";
import appCss from "./app.css?url";
import fontsCss from "./fonts.css?url";

export const middleware: Route.MiddlewareFunction[] = [sessionMiddleware, siteSettingsMiddleware];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = getSessionUser({ context });
  const { toast, headers } = await readToast(request);
  return data(
    {
      origin: getConfig().publicUrl,
      // A visitor's answer has no user at all, so the cached pages' header is the same for everyone;
      // a signed-in person's carries their unread discussion notifications: the count read with
      // the session on a GET, and read again after an action (which may have marked them read).
      user:
        user &&
        ({
          id: user.id,
          name: user.name,
          email: user.email,
          role: user.role,
          image: user.image,
          unreadNotifications:
            request.method === "GET" && user.unreadNotifications !== undefined
              ? user.unreadNotifications
              : await countUnreadNotifications({ userId: user.id }),
        } satisfies RootUser),
      toast,
      // The school's name, logo and prices for every page (all public); see useSiteSettings.
      settings: await getRequestSiteSettings({ context }),
    },
    { headers },
  );
}

/**
 * The root loader reads the toast cookie a redirect may have set, so it runs on every
 * navigation; its one database read (the settings, by primary key) costs next to nothing.
 */
export const shouldRevalidate: ShouldRevalidateFunction = () => true;

/** The default tab icon, kept while the owner has uploaded none. */
const DEFAULT_FAVICON = { href: "/favicon.svg", type: "image/svg+xml" };

/**
 * The school's identity on every page (docs/decisions/051): its brand colour as the design's
 * primary colour (and focus ring), and its tab icon. Public pages are page-cached; a settings save
 * empties that cache like any content write, so the next visitor gets the new colour.
 */
function SchoolIdentity({ settings }: { settings: SiteSettings }) {
  const color = normaliseHexColor(settings.brandColor) ?? DEFAULT_SITE_SETTINGS.brandColor;
  const favicon = settings.faviconUrl ? { href: settings.faviconUrl, type: undefined } : DEFAULT_FAVICON;
  return (
    <>
      {/* html:root outranks the stylesheet's :root, wherever React places either. */}
      <style data-brand-color={color}>{`html:root{--color-primary:${color};--color-ring:${color}}`}</style>
      <link rel="icon" href={favicon.href} type={favicon.type} />
    </>
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const settings = useRouteLoaderData<typeof loader>("root")?.settings ?? DEFAULT_SITE_SETTINGS;
  // The dates this page shows are in the school's zone and format, the same here as on the server.
  setDateDisplay(settings);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* With a precedence React writes the stylesheet before the page's module preloads, so the
            browser asks for what the first paint needs first (issue 21). It comes before <Meta />
            because that is where React writes it: the browser build hydrates the head in order
            (app/entry.client.tsx). Vitest's module graph gives CSS no URL; those tests go without it. */}
        {appCss && <link rel="stylesheet" href={appCss} precedence="default" />}
        <Meta />
        <Links />
        <SchoolIdentity settings={settings} />
        {fontsCss && (
          <>
            <script nonce={nonce} dangerouslySetInnerHTML={{ __html: addStylesheetAfterFirstPaint(fontsCss) }} />
            <noscript>
              <link rel="stylesheet" href={fontsCss} />
            </noscript>
          </>
        )}
      </head>
      <body className="min-h-screen">
        {children}
        <Toaster />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/**
 * The web font's stylesheet is added after the first frame is painted (issue 21). Declared in the
 * page's stylesheet, the font's 48 KB were asked for before the first paint and, on a slow
 * connection, held it back; until it arrives text is set in the metric-matched fallback (app.css),
 * so the swap moves nothing. A hidden tab paints no frames, so it adds the stylesheet at once.
 * The link goes after <body>, outside what the page hydrates, so hydration keeps it.
 */
function addStylesheetAfterFirstPaint(href: string) {
  return `(function(){function add(){var l=document.createElement("link");l.rel="stylesheet";l.href=${JSON.stringify(href)};document.documentElement.appendChild(l)}if(document.hidden)add();else requestAnimationFrame(function(){setTimeout(add)})})()`;
}

export default function App() {
  useToastOnce(useLoaderData<typeof loader>().toast);
  return <Outlet />;
}

/** Anything that escaped a route's own boundary: a plain page that never shows a stack trace in production. */
export function ErrorBoundary({ error, loaderData }: Route.ErrorBoundaryProps) {
  const schoolName = loaderData?.settings.schoolName ?? DEFAULT_SITE_SETTINGS.schoolName;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const title = status === 404 ? "Oops! Page not found" : status === 503 ? "We will be right back" : "Something went wrong";
  const detail =
    status === 404
      ? "The page you're looking for doesn't exist or has moved."
      : status === 503
        ? "The site is briefly unavailable. Please try again in a moment."
        : "An unexpected error occurred on our side. Please try again in a moment.";
  const stack = import.meta.env.DEV && error instanceof Error ? error.stack : undefined;
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 p-8 text-center">
      {/* Without the settings (the database is down) no made-up school name. */}
      <title>{status === 503 && !loaderData ? title : `${title} | ${schoolName}`}</title>
      <p className="text-sm font-semibold text-primary">{status}</p>
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      <p className="text-muted-foreground">{detail}</p>
      <a href="/" className="rounded-md bg-primary px-4 py-2 font-medium text-primary-foreground">
        Go back home
      </a>
      {stack && <pre className="mt-6 w-full overflow-auto rounded-md bg-muted p-4 text-left text-xs">{stack}</pre>}
    </main>
  );
}
