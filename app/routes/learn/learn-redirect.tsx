export { loader } from "./learn-redirect.server";
