import { describe, expect, it } from 'vitest';
import { createToastStore, TOAST_DURATION_MS, toastSeverities } from './toast';

describe('toast store', () => {
  it('closes after 6 seconds and knows the four severities', () => {
    expect(TOAST_DURATION_MS).toBe(6000);
    expect(toastSeverities).toEqual(['success', 'info', 'warning', 'error']);
  });

  it('shows one message at a time, the newest replacing the older, and notifies', () => {
    const store = createToastStore();
    let calls = 0;
    const off = store.subscribe(() => calls++);
    const first = store.show('Un', 'success');
    const second = store.show('Deux', 'error');
    expect(store.get()).toEqual(second);
    expect(calls).toBe(2);
    store.dismiss(first.id);
    expect(store.get()).toEqual(second);
    store.dismiss(second.id);
    expect(store.get()).toBeNull();
    off();
    store.show('Trois');
    expect(calls).toBe(3);
    expect(store.get()?.severity).toBe('info');
  });

  it('shows at the bottom centre, and at the top centre when asked (SAME_ORDER_PENDING, spec section 8)', () => {
    const store = createToastStore();
    expect(store.show('Un', 'info').position).toBe('bottom');
    expect(store.show('Deux', 'error', { position: 'top' })).toMatchObject({
      message: 'Deux',
      severity: 'error',
      position: 'top',
    });
  });
});
