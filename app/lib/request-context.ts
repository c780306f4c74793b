import { createContext } from "react-router";

/** Per-request values the server hands to loaders, actions and the document. */
export type RequestInfo = { nonce: string; requestId: string };

export const requestInfoContext = createContext<RequestInfo>({ nonce: "", requestId: "" });
