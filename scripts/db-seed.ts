// `npm run db:seed`: write the demo school into an empty database (a database with data is left alone).
import { seedDemoContent } from "../app/server/db/seed/seed.server";
import { withDatabase } from "./cli-support";

await withDatabase(async (handle) => {
  const { seeded } = await seedDemoContent(handle.db);
  console.log(seeded ? `Demo content written to ${handle.location}.` : `${handle.location} already has content; nothing was added.`);
});
