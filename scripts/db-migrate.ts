// `npm run db:migrate`: apply the committed SQL migrations (the server also does this at start).
import { withDatabase } from "./cli-support";

await withDatabase(async (handle) => {
  console.log(`Migrations applied to ${handle.location}.`);
});
