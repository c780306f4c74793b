import { createContext } from "react-router";

/**
 * Per-request values the server hands to loaders, actions and the document.
 * `clientIp` is Express's `req.ip` (honours TRUST_PROXY), e.g. for counting blog views once per visitor.
 */
export type RequestInfo = { nonce: string; requestId: string; clientIp?: string };

export const requestInfoContext = createContext<RequestInfo>({ nonce: "", requestId: "" });
