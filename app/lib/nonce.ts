import { createContext, createElement, useContext, type ReactNode } from "react";

/** The CSP nonce of this response; empty in the browser, where it is no longer needed. */
const NonceContext = createContext("");

export function NonceProvider({ value, children }: { value: string; children: ReactNode }) {
  return createElement(NonceContext.Provider, { value }, children);
}

export const useNonce = () => useContext(NonceContext);
