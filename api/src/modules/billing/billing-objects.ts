import * as v from 'valibot';

/**
 * The parts of Stripe's objects (API version pinned in stripe-payment-provider.ts) that billing
 * reads. Anything else in them is kept and ignored; an object missing one of these is refused.
 */
const UnixSeconds = v.pipe(v.number(), v.integer());
const IdOrObject = v.union([v.string(), v.pipe(v.looseObject({ id: v.string() }), v.transform((o) => o.id))]);

export const CheckoutSessionObject = v.looseObject({
  id: v.string(),
  client_reference_id: v.nullish(v.string()),
  metadata: v.nullish(v.looseObject({ planId: v.optional(v.string()), period: v.optional(v.string()) })),
  amount_total: v.nullish(v.number()),
  currency: v.nullish(v.string()),
  customer: v.nullish(IdOrObject),
  subscription: v.nullish(IdOrObject),
  invoice: v.nullish(IdOrObject),
  /** Not in Stripe's session object (it lives on the payment method); the simulator sends it. */
  card: v.nullish(v.object({ brand: v.string(), last4: v.string(), expMonth: v.number(), expYear: v.number() })),
});
export type CheckoutSessionObject = v.InferOutput<typeof CheckoutSessionObject>;

export const SubscriptionObject = v.looseObject({
  id: v.string(),
  customer: IdOrObject,
  status: v.string(),
  cancel_at_period_end: v.boolean(),
  /** Newer portals schedule a cancellation with `cancel_at` rather than `cancel_at_period_end`. */
  cancel_at: v.nullish(UnixSeconds),
  /** Since API version 2025-03-31 the billing period lives on each item. */
  items: v.looseObject({
    data: v.pipe(v.array(v.looseObject({
      price: v.looseObject({ id: v.string() }),
      current_period_start: UnixSeconds,
      current_period_end: UnixSeconds,
    })), v.minLength(1)),
  }),
});
export type SubscriptionObject = v.InferOutput<typeof SubscriptionObject>;

export const InvoiceObject = v.looseObject({
  id: v.string(),
  customer: IdOrObject,
  number: v.nullish(v.string()),
  currency: v.string(),
  amount_due: v.number(),
  amount_paid: v.number(),
  next_payment_attempt: v.nullish(UnixSeconds),
  invoice_pdf: v.nullish(v.string()),
  hosted_invoice_url: v.nullish(v.string()),
  parent: v.nullish(v.looseObject({
    subscription_details: v.nullish(v.looseObject({ subscription: v.nullish(IdOrObject) })),
  })),
  lines: v.looseObject({
    data: v.array(v.looseObject({
      amount: v.optional(v.number()),
      period: v.looseObject({ start: UnixSeconds, end: UnixSeconds }),
      /** Which price the line bills (a plan's, or its metered overage price). */
      pricing: v.nullish(v.looseObject({ price_details: v.nullish(v.looseObject({ price: IdOrObject })) })),
    })),
  }),
});
export type InvoiceObject = v.InferOutput<typeof InvoiceObject>;
