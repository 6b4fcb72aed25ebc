import type { SimState } from '../sim-state.ts';
import type { Customer, Metadata } from './stripe-objects.ts';

/** A new customer (raising customer.created); on a test clock its time is the clock's. */
export function createCustomer(
  state: SimState,
  fields: { email: string | null; name: string | null; metadata: Metadata; testClock: string | null },
): Customer {
  const id = state.newId('cus');
  const clock = fields.testClock ? state.testClocks.get(fields.testClock) : undefined;
  const customer: Customer = {
    id,
    object: 'customer',
    balance: 0,
    created: clock ? clock.frozen_time : Math.floor(state.nowMs() / 1000),
    currency: null,
    email: fields.email,
    invoice_prefix: id.slice(4, 12).toUpperCase(),
    invoice_settings: { default_payment_method: null },
    livemode: false,
    metadata: fields.metadata,
    name: fields.name,
    next_invoice_sequence: 1,
    test_clock: clock ? clock.id : null,
  };
  state.customers.set(id, customer);
  state.emit('customer.created', customer);
  return customer;
}
