/** An endpoint page's loader and action live with the rest of Admin → Developers → Webhooks. */
export { webhookAction, webhookLoader } from "./developer-webhooks.server";
