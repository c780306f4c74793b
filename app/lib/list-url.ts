import { isOneOf } from "./domain-values";

/**
 * A list's state (search, filters, sort, page) and its URL form, for every list of the site: the
 * public catalog and blog, and the back office's lists. A list declares its parameters once, in
 * the order they appear in the URL; the loader parses with it, the page builds its links and
 * forms with it, and defaults are always left out so each view has one tidy, shareable address.
 */

type State = Record<string, unknown>;

/** One query parameter: how it reads from the URL and how it is written back. */
export type ListParam<T> = {
  /** Never throws: a missing or unknown value falls back. `state` holds the parameters declared before this one. */
  parse: (raw: string | null, state: State) => T;
  /** The URL text, or null to leave the parameter out (it is the default). `state` is the whole state being written. */
  format: (value: T, state: State) => string | null;
};

type AnyParam = ListParam<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
export type ListStateOf<Params extends Record<string, AnyParam>> = { [K in keyof Params]: ReturnType<Params[K]["parse"]> };

/** A search box: trimmed, cut at `maxLength` (it bounds the ILIKE pattern; nobody types more). */
export function textParam({ maxLength }: { maxLength: number }): ListParam<string> {
  return {
    parse: (raw) => (raw ?? "").trim().slice(0, maxLength),
    format: (value) => value.trim() || null,
  };
}

/** One of a fixed set of values, or null (All) when the URL names none of them. */
export function optionParam<const V extends string>(values: readonly V[]): ListParam<V | null> {
  return {
    parse: (raw) => (isOneOf(values, raw) ? raw : null),
    format: (value) => value,
  };
}

/** One of a fixed set of values with a default (a sort, a view); the default is left out of the URL. */
export function choiceParam<const V extends string>(values: readonly V[], fallback: V): ListParam<V> {
  return {
    parse: (raw) => (isOneOf(values, raw) ? raw : fallback),
    format: (value) => (value === fallback ? null : value),
  };
}

/** Free text kept as given (trimmed), or null: e.g. a slug that may name nothing and so match nothing. */
export function slugParam(): ListParam<string | null> {
  return {
    parse: (raw) => raw?.trim() || null,
    format: (value) => value,
  };
}

/** The page number: 1 unless the URL names a whole page; beyond `max` it is `max`. */
export function pageParam({ max = 10_000 }: { max?: number } = {}): ListParam<number> {
  return {
    parse: (raw) => {
      const page = Number.parseInt(raw ?? "", 10);
      return Number.isFinite(page) ? Math.min(Math.max(page, 1), max) : 1;
    },
    format: (value) => (value > 1 ? String(value) : null),
  };
}

export type SortDirection = "asc" | "desc";
const DIRECTIONS = ["asc", "desc"] as const;

/**
 * A sortable table's `sort` and `dir`. Each sort has the direction it starts in (text A to Z,
 * dates newest first); `dir` is written only when it differs from that, and neither is written for
 * the list's default order.
 */
export function sortParams<const S extends string>(firstDirection: Record<S, SortDirection>, fallback: NoInfer<S>) {
  const sorts = Object.keys(firstDirection) as S[];
  const sort: ListParam<S> = {
    parse: (raw) => (isOneOf(sorts, raw) ? raw : fallback),
    format: (value, state) => (value === fallback && (state.dir ?? firstDirection[fallback]) === firstDirection[fallback] ? null : value),
  };
  const dir: ListParam<SortDirection> = {
    parse: (raw, state) => (isOneOf(DIRECTIONS, raw) ? raw : firstDirection[state.sort as S]),
    format: (value, state) => (value === firstDirection[(state.sort as S | undefined) ?? fallback] ? null : value),
  };
  /** Clicking a column heading: sort by it, or turn the order round if it is the sort already. Back to page 1. */
  function sortedBy<T extends { sort: S; dir: SortDirection }>(state: T, next: S): T & { page?: number } {
    const nextDir = state.sort === next ? (state.dir === "asc" ? "desc" : "asc") : firstDirection[next];
    return { ...state, sort: next, dir: nextDir, page: 1 };
  }
  return { sort, dir, sortedBy };
}

/**
 * Declares a list's URL: `path` and its parameters in URL order. Any parameter named `page` is
 * the list's page: changing anything else goes back to the first page.
 */
export function defineListUrl<const Params extends Record<string, AnyParam>>(path: string, params: Params) {
  type S = ListStateOf<Params>;
  const keys = Object.keys(params);

  function parse(search: URLSearchParams): S {
    const state: State = {};
    for (const key of keys) state[key] = params[key].parse(search.get(key), state);
    return state as S;
  }

  /** The query for a state, defaults and undefined values left out, in the declared order. */
  function toParams(state: Partial<S>): URLSearchParams {
    const out = new URLSearchParams();
    for (const key of keys) {
      const value = (state as State)[key];
      if (value === undefined || value === null) continue;
      const text = params[key].format(value, state);
      if (text) out.set(key, text);
    }
    return out;
  }

  /** "" or "?…". */
  function search(state: Partial<S>): string {
    const query = toParams(state).toString();
    return query ? `?${query}` : "";
  }

  /** The address of a state, or of that state with some `changes` (which go back to page 1 unless they name a page). */
  function href(state: Partial<S>, changes?: Partial<S>, pathname: string = path): string {
    const next: State = { ...state, ...changes };
    if (changes && !("page" in changes)) delete next.page;
    return `${pathname}${search(next as Partial<S>)}`;
  }

  /**
   * The address after a form was sent with these raw fields (strings as the form has them): they
   * replace the state's own, are read like a URL, and start again from the first page.
   */
  function hrefFromForm(state: Partial<S>, fields: Record<string, string>, pathname: string = path): string {
    const merged = toParams(state);
    merged.delete("page");
    for (const [name, value] of Object.entries(fields)) merged.set(name, value);
    return `${pathname}${search(parse(merged))}`;
  }

  return { path, defaults: parse(new URLSearchParams()), parse, toParams, search, href, hrefFromForm };
}

export type ListUrl<S> = {
  path: string;
  defaults: S;
  parse: (search: URLSearchParams) => S;
  toParams: (state: Partial<S>) => URLSearchParams;
  search: (state: Partial<S>) => string;
  href: (state: Partial<S>, changes?: Partial<S>, pathname?: string) => string;
  hrefFromForm: (state: Partial<S>, fields: Record<string, string>, pathname?: string) => string;
};
