/**
 * The app-wide toast service (spec section 2, "Toast"): one message at a time at the bottom
 * centre (top centre when asked: SAME_ORDER_PENDING, spec section 8), closing by itself after 6 s. Any client code calls `toast.success(...)` etc.; the
 * ToastHost of the root layout shows it. A newer message replaces the one on screen.
 */
export const TOAST_DURATION_MS = 6000;
export const toastSeverities = ['success', 'info', 'warning', 'error'] as const;
export type ToastSeverity = (typeof toastSeverities)[number];
/** Bottom centre by default (spec section 2); top centre where the spec says so (section 8). */
export type ToastPosition = 'bottom' | 'top';
export type ToastMessage = {
  id: number;
  message: string;
  severity: ToastSeverity;
  position: ToastPosition;
};
type ToastOptions = { position?: ToastPosition };

type Listener = () => void;

export function createToastStore() {
  let current: ToastMessage | null = null;
  let nextId = 1;
  const listeners = new Set<Listener>();
  const emit = () => listeners.forEach((l) => l());
  return {
    show(
      message: string,
      severity: ToastSeverity = 'info',
      options: ToastOptions = {},
    ): ToastMessage {
      current = { id: nextId++, message, severity, position: options.position ?? 'bottom' };
      emit();
      return current;
    },
    /** Closes the given toast, or whatever is shown; a stale id does not close a newer toast. */
    dismiss(id?: number): void {
      if (!current || (id !== undefined && current.id !== id)) return;
      current = null;
      emit();
    },
    get: (): ToastMessage | null => current,
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const toastStore = createToastStore();

/** What components call to show a message (the toast host renders it). @public */
export const toast = {
  show: (message: string, severity?: ToastSeverity, options?: ToastOptions) =>
    toastStore.show(message, severity, options),
  success: (message: string, options?: ToastOptions) =>
    toastStore.show(message, 'success', options),
  info: (message: string, options?: ToastOptions) => toastStore.show(message, 'info', options),
  warning: (message: string, options?: ToastOptions) =>
    toastStore.show(message, 'warning', options),
  error: (message: string, options?: ToastOptions) => toastStore.show(message, 'error', options),
  dismiss: (id?: number) => toastStore.dismiss(id),
};
