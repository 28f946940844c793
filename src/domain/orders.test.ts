import { describe, expect, it } from 'vitest';
import {
  nextState,
  orderStates,
  sameOrderKey,
  splitVat,
  statesAllowing,
  subscriptionCover,
} from './orders';

describe('order state machine', () => {
  it('goes from payment to completion and no other way', () => {
    expect(nextState('pending_payment', 'pay')).toBe('paid');
    expect(nextState('paid', 'start')).toBe('processing');
    expect(nextState('processing', 'complete')).toBe('completed');
    expect(nextState('pending_payment', 'complete')).toBeNull();
    expect(nextState('paid', 'complete')).toBeNull();
  });

  it('refunds only an unfulfillable order, and never changes a finished one', () => {
    expect(nextState('processing', 'fail')).toBe('unfulfillable');
    expect(nextState('unfulfillable', 'refund')).toBe('refunded');
    expect(nextState('completed', 'refund')).toBeNull();
    expect(nextState('pending_payment', 'refund')).toBeNull();
    for (const event of ['pay', 'start', 'complete', 'fail', 'refund'] as const) {
      expect(nextState('completed', event)).toBeNull();
      expect(nextState('refunded', event)).toBeNull();
    }
  });

  it('lists the states an event leaves from', () => {
    expect(statesAllowing('pay')).toEqual(['pending_payment']);
    expect(statesAllowing('fail')).toEqual(['paid', 'processing']);
    expect(orderStates).toHaveLength(6);
  });
});

describe('prices', () => {
  it('splits a price with VAT into price excluding VAT and 20 % VAT that add up', () => {
    expect(splitVat(490)).toEqual({ priceExclVatCents: 408, vatCents: 82, totalCents: 490 });
    expect(splitVat(1200)).toEqual({ priceExclVatCents: 1000, vatCents: 200, totalCents: 1200 });
    for (let c = 1; c < 5000; c += 37) {
      const a = splitVat(c);
      expect(a.priceExclVatCents + a.vatCents).toBe(c);
    }
  });
});

describe('subscription cover', () => {
  it('covers our own documents without limit and per-unit kinds within the quota', () => {
    expect(subscriptionCover('establishments-list', 999, 10)).toBe('unlimited');
    expect(subscriptionCover('acts', 9, 10)).toBe('quota');
    expect(subscriptionCover('acts', 10, 10)).toBe('none');
    expect(subscriptionCover('vat-numbers', 10, 10)).toBe('unlimited');
  });
});

describe('same order key', () => {
  it('does not depend on the order of the payload keys', () => {
    expect(sameOrderKey('acts', '552032534', { a: 1, b: { d: 2, c: 3 } })).toBe(
      sameOrderKey('acts', '552032534', { b: { c: 3, d: 2 }, a: 1 }),
    );
    expect(sameOrderKey('acts', '552032534', { a: 1 })).not.toBe(
      sameOrderKey('acts', '552032534', { a: 2 }),
    );
  });
});
