import { LRUCache } from "lru-cache";

/**
 * One rendered public page, as every anonymous visitor gets it: the body once, and compressed
 * once per encoding, so a hit costs no rendering and no compression.
 */
export type CachedPage = {
  /** The render's own headers that travel with the page (its Content-Type, say). */
  headers: [string, string][];
  body: Buffer;
  gzip: Buffer;
  br: Buffer;
  /** A weak validator: the same for every encoding of the same body. */
  etag: string;
  /** For an HTML page, the CSP sources of its inline scripts (their hashes); null otherwise. */
  scriptSources: string[] | null;
};

/**
 * The in-process store of rendered public pages (docs/decisions/022-page-cache.md): an LRU held
 * to a byte budget, emptied whole by `clear` whenever content changes. A render that began before
 * a clear is not stored after it, and concurrent misses of one page share one render.
 */
export class PageCache {
  readonly #entries: LRUCache<string, CachedPage>;
  readonly #rendering = new Map<string, Promise<CachedPage | null>>();
  #generation = 0;

  constructor({ maxBytes, ttlMs }: { maxBytes: number; ttlMs: number }) {
    this.#entries = new LRUCache<string, CachedPage>({
      maxSize: maxBytes,
      ttl: ttlMs,
      sizeCalculation: (page, key) =>
        key.length + page.body.length + page.gzip.length + page.br.length + page.etag.length + JSON.stringify(page.headers).length + 64,
    });
  }

  /** Bumped by every clear; a render remembers it and is stored only if it is still current. */
  get generation() {
    return this.#generation;
  }

  get(key: string) {
    return this.#entries.get(key);
  }

  /** The render of this page in flight, if any, to wait for instead of rendering it again. */
  rendering(key: string) {
    return this.#rendering.get(key);
  }

  /** Claims the render of a page: `done` hands the page (or null: not cacheable) to whoever waited. */
  startRendering(key: string) {
    let done!: (page: CachedPage | null) => void;
    const promise = new Promise<CachedPage | null>((resolve) => (done = resolve));
    this.#rendering.set(key, promise);
    return (page: CachedPage | null) => {
      if (this.#rendering.get(key) === promise) this.#rendering.delete(key);
      done(page);
    };
  }

  /** Keeps a page unless content changed while it was rendered; says whether it was kept. */
  store(key: string, page: CachedPage, generation: number) {
    if (generation !== this.#generation) return false;
    return this.#entries.set(key, page).has(key);
  }

  clear() {
    this.#generation++;
    this.#entries.clear();
    // A request after the change must not wait for a render that read the old content.
    this.#rendering.clear();
  }

  get size() {
    return { pages: this.#entries.size, bytes: this.#entries.calculatedSize };
  }
}
