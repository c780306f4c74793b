export { loader } from "./courses-json.server";
