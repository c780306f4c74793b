export { loader, action } from "./logout.server";
