import { describe, expect, it } from 'vitest';
import { parseStripeForm } from './form-encoding.ts';

describe('parseStripeForm', () => {
  it('reads Stripe’s bracket paths into objects and arrays', () => {
    const body =
      'mode=subscription&line_items[0][price]=price_1&line_items[0][quantity]=1&line_items[1][price]=price_2' +
      '&metadata[vendorId]=v1&expand[]=latest_invoice&expand[]=customer&recurring[interval]=month';
    expect(parseStripeForm(body)).toEqual({
      mode: 'subscription',
      line_items: [{ price: 'price_1', quantity: '1' }, { price: 'price_2' }],
      metadata: { vendorId: 'v1' },
      expand: ['latest_invoice', 'customer'],
      recurring: { interval: 'month' },
    });
  });

  it('keeps an empty value, which Stripe reads as unsetting the field', () => {
    expect(parseStripeForm('metadata[old]=&description=')).toEqual({ metadata: { old: '' }, description: '' });
  });
});
