/**
 * Opens a native `<dialog>` as modal and gives the focus back, when it closes (a button, Escape),
 * to the element that had it before: the opener. Browsers do not all restore it, and a dialog
 * whose content changed while open (a form replaced by its answer) loses it to the page's body.
 */
export function showModalReturningFocus(dialog: HTMLDialogElement): void {
  const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  dialog.addEventListener(
    'close',
    () => {
      if (before?.isConnected) before.focus();
    },
    { once: true },
  );
  dialog.showModal();
}
