import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

/**
 * The one route table, grouped by audience. Read top to bottom.
 *
 * Express (server.ts) answers a few paths itself, before React Router sees the request:
 *   GET  /healthz               the database, storage and mail transport, each checked, for load balancers
 *   ALL  /api/auth/*            Better Auth (sign-in, sign-up, sessions, two-factor, JWKS source)
 *   GET  /media/:bucket/*       files from storage (covers, playbook art)
 *   POST /api/uploads/:kind     streamed uploads (cover images, lesson videos and files), admin only
 *   GET  /api/lessons/:id/video an uploaded lesson video, with range requests, for viewers allowed to open the lesson
 *   GET  /api/lessons/:id/stream/*    the lesson's HLS stream (playlists and segments), same viewers
 *   GET  /api/lessons/:id/captions.vtt the lesson's captions, same viewers
 *   GET  /api/lessons/:id/files/:fileId one of the lesson's downloadable files, same viewers
 *        (POST /api/lessons/:id/progress, the player's position saves, is the resource route below)
 *   POST /api/webhooks/stripe   Stripe's signed payment events (raw body, signature checked)
 *   /assets/*, static files     the client build and public/
 * Everything else is below.
 */
export default [
  // Public site: header and footer around every page.
  layout("routes/site-layout.tsx", [
    // marketing
    index("routes/marketing/home.tsx"),
    route("pricing", "routes/marketing/pricing.tsx"),
    route("about", "routes/marketing/about.tsx"),
    route("contact", "routes/marketing/contact.tsx"),
    route("privacy", "routes/marketing/privacy.tsx"),
    route("terms", "routes/marketing/terms.tsx"),
    route("refund", "routes/marketing/refund.tsx"),
    route("playbooks", "routes/marketing/playbooks.tsx"),
    route("testimonials", "routes/marketing/testimonials.tsx"),
    route("newsletter", "routes/marketing/newsletter.tsx"),
    route("newsletter/confirm", "routes/marketing/newsletter-confirm.tsx"),
    route("newsletter/unsubscribe", "routes/marketing/newsletter-unsubscribe.tsx"),
    route("unsubscribe", "routes/marketing/unsubscribe.tsx"),
    // the owner's own pages, built from sections in Admin → Pages
    route("p/:slug", "routes/marketing/custom-page.tsx"),

    // catalog
    route("courses", "routes/catalog/catalog.tsx"),
    route("catalog", "routes/catalog/catalog.tsx", { id: "routes/catalog/catalog-alias" }),
    route("courses/:slug", "routes/catalog/course-detail.tsx"),
    route("bundles/:slug", "routes/catalog/bundle-detail.tsx"),
    route("courses/:slug/discussions", "routes/catalog/course-discussions.tsx"),
    route("course/:slug", "routes/catalog/course-redirect.tsx"),
    route("certificates/:id", "routes/catalog/certificate.tsx"),

    // learn: lesson pages; /learn/… are older addresses that redirect to them
    route("courses/:courseSlug/lessons/:lessonSlug", "routes/learn/lesson.tsx"),
    // a lesson's discussion on its own page (never cached: not a public page)
    route("courses/:courseSlug/lessons/:lessonSlug/discussion", "routes/learn/lesson-discussion.tsx"),
    route("learn/:courseSlug", "routes/learn/learn-redirect.tsx", { id: "routes/learn/learn-course-redirect" }),
    route("learn/:courseSlug/:lessonSlug", "routes/learn/learn-redirect.tsx"),

    // blog
    route("blog", "routes/blog/blog-list.tsx"),
    route("blog/:slug", "routes/blog/blog-post.tsx"),

    // auth and account
    route("login", "routes/auth/login.tsx"),
    route("login/two-factor", "routes/auth/login-two-factor.tsx"),
    route("signup", "routes/auth/signup.tsx"),
    route("reset-password", "routes/auth/reset-password.tsx"),
    route("reset-password/new", "routes/auth/reset-password-new.tsx"),
    route("logout", "routes/auth/logout.ts"),
    route("account", "routes/account/account.tsx"),
    route("account/membership", "routes/account/account-membership.tsx"),
    route("account/notifications", "routes/account/account-notifications.tsx"),
    route("account/affiliate", "routes/account/account-affiliate.tsx"),

    // checkout
    route("checkout", "routes/checkout/checkout.tsx"),
    route("checkout/success", "routes/checkout/checkout-success.tsx"),
    route("checkout/offer", "routes/checkout/checkout-offer.tsx"),
    route("checkout/cancel", "routes/checkout/checkout-cancel.tsx"),

    // first run: the one-time "Create the owner account" form, only while no admin exists
    route("admin/setup", "routes/admin/owner-setup.tsx"),
    // Admin → Pages' preview of a draft, in the site's header and footer (admins only, never cached)
    route("admin/pages/:id/preview", "routes/admin/page-preview.tsx"),

    // 404 for any other path
    route("*", "routes/not-found.tsx"),
  ]),

  // Admin back office (its own layout)
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/dashboard.tsx"),
    route("setup-sql", "routes/admin/setup-sql.tsx"),
    route("blog", "routes/admin/blog.tsx"),
    route("blog/new", "routes/admin/blog-new.tsx"),
    route("blog/:id/edit", "routes/admin/blog-edit.tsx"),
    route("courses", "routes/admin/courses.tsx"),
    route("courses/new", "routes/admin/course-new.tsx"),
    route("courses/:id/edit", "routes/admin/course-edit.tsx"),
    route("courses/builder/:id", "routes/admin/course-builder.tsx"),
    route("settings", "routes/admin/settings.tsx"),
    route("users", "routes/admin/users.tsx"),
    route("users/import", "routes/admin/user-import.tsx"),
    route("users/:id", "routes/admin/user-details.tsx"),
    route("orders", "routes/admin/orders.tsx"),
    route("coupons", "routes/admin/coupons.tsx"),
    route("bundles", "routes/admin/bundles.tsx"),
    route("bundles/new", "routes/admin/bundle-new.tsx"),
    route("bundles/:id/edit", "routes/admin/bundle-edit.tsx"),
    route("tax", "routes/admin/tax.tsx"),
    route("topics", "routes/admin/topics.tsx"),
    route("coupons/new", "routes/admin/coupon-new.tsx"),
    route("coupons/:id", "routes/admin/coupon-edit.tsx"),
    route("affiliates", "routes/admin/affiliates.tsx"),
    route("affiliates/payouts", "routes/admin/affiliate-payouts.tsx"),
    route("affiliates/:id", "routes/admin/affiliate-details.tsx"),
    route("quizzes", "routes/admin/quizzes.tsx"),
    route("quizzes/:lessonId", "routes/admin/quiz-details.tsx"),
    route("reviews", "routes/admin/reviews.tsx"),
    route("discussions", "routes/admin/discussions.tsx"),
    route("announcements", "routes/admin/announcements.tsx"),
    route("announcements/new", "routes/admin/announcement-new.tsx"),
    route("subscribers", "routes/admin/subscribers.tsx"),
    route("subscribers/import", "routes/admin/subscriber-import.tsx"),
    route("analytics", "routes/admin/analytics.tsx"),
    route("system", "routes/admin/system.tsx"),
    route("developers", "routes/admin/developers.tsx"),
    route("developers/new", "routes/admin/developer-key-new.tsx"),
    route("developers/docs", "routes/admin/developer-docs.tsx"),
    route("developers/webhooks", "routes/admin/developer-webhooks.tsx"),
    route("developers/webhooks/new", "routes/admin/developer-webhook-new.tsx"),
    route("developers/webhooks/:id", "routes/admin/developer-webhook.tsx"),
    route("pages", "routes/admin/pages.tsx"),
    route("pages/new", "routes/admin/page-new.tsx"),
    route("pages/:id", "routes/admin/page-edit.tsx"),
    route("pages/legal/:slug", "routes/admin/legal-page-edit.tsx"),
    route("pages/navigation", "routes/admin/navigation.tsx"),
  ]),

  // Resource routes (no UI)
  route(".well-known/jwks.json", "routes/resources/jwks.ts"),
  route("api/me", "routes/resources/api-me.ts"),
  // The REST API (docs/decisions/049): API keys only, never a session; its OpenAPI document at api/v1/openapi.json.
  route("api/v1/*", "routes/resources/api-v1.ts"),
  route("api/lessons/:lessonId/progress", "routes/resources/lesson-progress.ts"),
  route("api/admin/markdown-preview", "routes/resources/markdown-preview.ts"),
  route("admin/users/export.csv", "routes/resources/users-export-csv.ts"),
  route("admin/subscribers/export.csv", "routes/resources/subscribers-export-csv.ts"),
  route("admin/orders/invoices.csv", "routes/resources/invoices-export-csv.ts"),
  route("admin/analytics/export.csv", "routes/resources/analytics-export-csv.ts"),
  route("admin/affiliates/payouts.csv", "routes/resources/affiliate-payouts-csv.ts"),
  route("certificates/:id/pdf", "routes/resources/certificate-pdf.ts"),
  route("invoices/:id/pdf", "routes/resources/invoice-pdf.ts"),
  route("account/data-export/:exportId", "routes/resources/data-export-download.ts"),
  route("blog/rss.xml", "routes/resources/blog-rss.ts"),
  route("data/courses.json", "routes/resources/courses-json.ts"),
  route("robots.txt", "routes/resources/robots.ts"),
  route("art/cover.svg", "routes/resources/cover-art.ts"),
  route("sitemap.xml", "routes/resources/sitemap.ts"),
] satisfies RouteConfig;
