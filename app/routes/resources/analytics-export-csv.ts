export { loader } from "./analytics-export-csv.server";
