import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { createLocalStorage, setStorage, type Bucket } from "~/server/platform/storage.server";

/**
 * Real local-disk storage in a fresh folder, installed as the app's storage for one test file
 * (call in beforeAll and return its `restore`), with helpers to write, age and look for files.
 */
export function useLocalStorageForTest(prefix: string) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const storage = createLocalStorage(root);
  setStorage(storage);
  return {
    storage,
    restore: () => setStorage(undefined),
    async put(bucket: Bucket, key: string) {
      await storage.put(bucket, key, Readable.from([Buffer.from(`file ${key}`)]), { contentType: "application/octet-stream" });
    },
    /** Sets the file's last-modified time `ms` into the past, as if uploaded that long ago. */
    async age(bucket: Bucket, key: string, ms: number) {
      const when = new Date(Date.now() - ms);
      await fs.promises.utimes(path.join(root, bucket, ...key.split("/")), when, when);
    },
    /** Every file under the root, temporary partial writes included. */
    files() {
      return fs
        .readdirSync(root, { recursive: true })
        .map(String)
        .filter((name) => fs.statSync(path.join(root, name)).isFile())
        .sort();
    },
    async exists(bucket: Bucket, key: string) {
      const object = await storage.get(bucket, key);
      object?.stream.destroy();
      return object !== undefined;
    },
  };
}

export const HOUR_MS = 60 * 60 * 1000;
