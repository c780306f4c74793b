export { loader } from "./certificate-pdf.server";
