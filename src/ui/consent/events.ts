/** The footer's "Gérer les cookies" and any other opener reach the consent manager through this event. */
export const OPEN_CONSENT_EVENT = 'consent:open-preferences';

export function openConsentPreferences(): void {
  window.dispatchEvent(new Event(OPEN_CONSENT_EVENT));
}
