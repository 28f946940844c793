'use client';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { Suspense, lazy, useCallback, useEffect, useRef, useState } from 'react';
import consentText from '@/i18n/fr/consent';
import { cookieIcon } from '@/ui/icons/firstLoad';
import { SvgIcon } from '@/ui/icons/SvgIcon';
import {
  consentSignals,
  consentTransition,
  CONSENT_STORED_ATTRIBUTE,
  cookieShouldBeSecure,
  initialConsentState,
  readConsentCookie,
  serializeConsentCookie,
  type ConsentAction,
  type ConsentRecord,
  type ConsentState,
} from './consent';
import { OPEN_CONSENT_EVENT } from './events';
import s from './ConsentBanner.module.css';

const loadDialog = () => import('./ConsentDialog');
/** The preferences dialog (MUI Dialog, Accordions, Switches) loads on first "Personnaliser". */
const ConsentDialog = lazy(loadDialog);

type Gtag = (...args: unknown[]) => void;

function store(record: ConsentRecord): void {
  document.cookie = serializeConsentCookie(
    record,
    cookieShouldBeSecure(window.location.protocol, window.isSecureContext),
  );
  const w = window as unknown as { gtag?: Gtag; dataLayer?: unknown[] };
  w.gtag?.('consent', 'update', consentSignals(record));
  w.dataLayer?.push({ event: 'consent_update' });
}

/**
 * Consent banner and preferences dialog (spec section 4, "Consent"). Pages are static, so the
 * server always renders the banner; the inline head script marks <html> when a choice is stored
 * and the stylesheet hides the banner at once (no flash for returning visitors), then the cookie
 * read on mount settles the state. The stored choices were already pushed to the data layer by
 * that script.
 */
export function ConsentManager() {
  const [state, setState] = useState<ConsentState>(() => initialConsentState(null));
  // Number of times the dialog was opened: its key, so each opening starts from the stored record.
  const [dialogSession, setDialogSession] = useState(0);
  const stateRef = useRef(state);
  useEffect(() => {
    stateRef.current = state;
  });

  const dispatch = useCallback((action: ConsentAction) => {
    const result = consentTransition(stateRef.current, action);
    if (result.store) store(result.store);
    stateRef.current = result.state;
    setState(result.state);
  }, []);

  // The page is static: the browser's own cookie decides once mounted.
  useEffect(() => {
    const actual = readConsentCookie(document.cookie);
    // A cookie the head script could read but that is not a valid record: show the banner.
    if (!actual) document.documentElement.removeAttribute(CONSENT_STORED_ATTRIBUTE);
    if (JSON.stringify(actual) !== JSON.stringify(stateRef.current.stored)) {
      setState((prev) => ({ ...initialConsentState(actual), dialogOpen: prev.dialogOpen }));
    }
  }, []);

  useEffect(() => {
    const open = () => {
      setDialogSession((n) => n + 1);
      dispatch({ type: 'customize' });
    };
    window.addEventListener(OPEN_CONSENT_EVENT, open);
    return () => window.removeEventListener(OPEN_CONSENT_EVENT, open);
  }, [dispatch]);

  const pathname = usePathname();
  const firstPath = useRef(pathname);
  useEffect(() => {
    if (pathname === firstPath.current) return;
    firstPath.current = pathname;
    dispatch({ type: 'routeChange' });
  }, [pathname, dispatch]);

  return (
    <>
      {state.bannerOpen ? (
        <section
          className={s.banner}
          aria-label={consentText.bannerLabel}
          data-testid="consent-banner"
        >
          <div className={`container ${s.inner}`}>
            <div>
              <h2 className={s.title}>
                <SvgIcon paths={cookieIcon} size={22} />
                {consentText.title}
              </h2>
              <p className={s.text}>
                {consentText.text}{' '}
                <Link href={consentText.privacyPolicyHref}>{consentText.privacyPolicy}</Link>
              </p>
            </div>
            <div className={s.actions}>
              <button
                type="button"
                className={`${s.button} ${s.secondary}`}
                onPointerEnter={() => void loadDialog()}
                onClick={() => {
                  setDialogSession((n) => n + 1);
                  dispatch({ type: 'customize' });
                }}
                data-testid="consent-customize"
              >
                {consentText.customize}
              </button>
              <button
                type="button"
                className={`${s.button} ${s.primary}`}
                onClick={() => dispatch({ type: 'acceptAll' })}
                data-testid="consent-accept-all"
              >
                {consentText.acceptAll}
              </button>
            </div>
          </div>
        </section>
      ) : null}
      {dialogSession > 0 ? (
        <Suspense fallback={null}>
          <ConsentDialog
            key={dialogSession}
            open={state.dialogOpen}
            stored={state.stored}
            onClose={() => dispatch({ type: 'closeDialog' })}
            onSave={(choices) => dispatch({ type: 'save', choices })}
            onRejectAll={() => dispatch({ type: 'rejectAll' })}
          />
        </Suspense>
      ) : null}
    </>
  );
}
