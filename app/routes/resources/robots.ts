export { loader } from "./robots.server";
