// Types for web-cluster.mjs (plain JavaScript: start.mjs loads it before anything is compiled).
export declare class WebConcurrencyError extends Error {}
export declare function webProcessCount(env?: Record<string, string | undefined>): { count: number; note: string | null };
export declare function runWebCluster(options: { count: number }): void;
