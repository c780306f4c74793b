/** The New API key page's loader and action live with the rest of Admin → Developers. */
export { newApiKeyAction, newApiKeyLoader } from "./developers.server";
