'use client';
import { Suspense, lazy, useSyncExternalStore } from 'react';
import { toastStore } from './toast';

/** MUI Snackbar and Alert load with the first toast, not with the page. */
const ToastView = lazy(() => import('./ToastView'));

export function ToastHost() {
  const current = useSyncExternalStore(toastStore.subscribe, toastStore.get, () => null);
  return current ? (
    <Suspense fallback={null}>
      <ToastView toast={current} onClose={() => toastStore.dismiss(current.id)} />
    </Suspense>
  ) : null;
}
