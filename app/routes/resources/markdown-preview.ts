export { action } from "./markdown-preview.server";
