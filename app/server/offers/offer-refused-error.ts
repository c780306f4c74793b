/**
 * Why an offer's settings were not stored (an order bump, a one-click upsell, a payment plan): the
 * field the reason is about and the message the admin sees beside it. Each offer names its fields.
 */
export class OfferRefusedError<Field extends string = string> extends Error {
  constructor(
    readonly field: Field,
    readonly reason: string,
  ) {
    super(reason);
    this.name = new.target.name;
  }
}
