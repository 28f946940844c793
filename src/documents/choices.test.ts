import { describe, expect, it } from 'vitest';
import { bodyPayloads } from '@/orders/payloads';
import { filingOrder } from './choices';

describe('the order of an INPI filing (/actes-et-statuts, the order page)', () => {
  it('takes a body its kind accepts', () => {
    expect(bodyPayloads.acts.safeParse(filingOrder({ id: 'A1', kind: 'act' }).body).success).toBe(
      true,
    );
    expect(
      bodyPayloads['balance-sheets'].safeParse(
        filingOrder({ id: 'B1', kind: 'balance-sheet' }).body,
      ).success,
    ).toBe(true);
  });

  it('gives each filing its own resume key', () => {
    const keys = ['A1', 'A2'].map((id) => filingOrder({ id, kind: 'act' }).key);
    expect(new Set(keys).size).toBe(2);
  });
});
