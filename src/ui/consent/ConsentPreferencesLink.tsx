'use client';
import { openConsentPreferences } from './events';

/** A rights link whose href is `clickAction`: opens the consent preferences instead of navigating. */
export function ConsentPreferencesLink({ children }: { children: React.ReactNode }) {
  return (
    <button
      type="button"
      onClick={openConsentPreferences}
      aria-haspopup="dialog"
      data-testid="consent-preferences-link"
    >
      {children}
    </button>
  );
}
