import { isUuid } from "~/lib/uuid";

/**
 * A course or a bundle offered by an order bump or a one-click upsell, as the admin's select sends
 * it: `course:<id>` or `bundle:<id>`. One field, so a course and a bundle cannot both be chosen.
 */
export type OfferedProduct = { kind: "course" | "bundle"; id: string };

export const offeredProductValue = (product: OfferedProduct) => `${product.kind}:${product.id}`;

export function parseOfferedProduct(value: string): OfferedProduct | null {
  const [kind, id, ...rest] = value.split(":");
  return (kind === "course" || kind === "bundle") && id && rest.length === 0 && isUuid(id) ? { kind, id } : null;
}
