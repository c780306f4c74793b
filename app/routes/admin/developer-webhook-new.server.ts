/** The Add endpoint page's loader and action live with the rest of Admin → Developers → Webhooks. */
export { newWebhookAction, newWebhookLoader } from "./developer-webhooks.server";
