/**
 * Consent rules (spec section 4 "Consent", section 3 "Consent record", section 9): the cookie
 * format, the categories and their defaults, the transitions of the banner and dialog, and the
 * consent-mode signals pushed to the data layer. Pure: the React banner and the inline bootstrap
 * script both build on it.
 */

export const CONSENT_COOKIE = 'consentManager';
/** Set on <html> by the head script when a consent choice is stored. */
export const CONSENT_STORED_ATTRIBUTE = 'data-consent-stored';
/** One year, in seconds. */
export const CONSENT_MAX_AGE = 365 * 24 * 60 * 60;
/**
 * Dismiss-on-scroll threshold and the three implicit-accept settings, all off. Spec section 4
 * describes "a route change without stored consent means accept-all"; the CNIL's guidance
 * (délibération n° 2020-091 and its recommendation on cookies) holds that continuing to browse is
 * not consent, so that behaviour is kept only as a setting, like the reload and scroll ones, and
 * is off: a visitor who navigates without answering sees the banner again and nothing is stored.
 */
export type ConsentSettings = {
  acceptOnScroll: boolean;
  acceptOnReload: boolean;
  acceptOnRouteChange: boolean;
};
export const consentSettings: ConsentSettings = {
  acceptOnScroll: false,
  acceptOnReload: false,
  acceptOnRouteChange: false,
};

export const consentCategories = [
  'essentials',
  'statistics',
  'marketing',
  'preferences',
  'unknown',
] as const;
export type ConsentCategory = (typeof consentCategories)[number];

/** essentials is always true; preferences is optional in stored records ("when present"). */
export type ConsentRecord = {
  essentials: true;
  statistics: boolean;
  marketing: boolean;
  unknown: boolean;
  preferences?: boolean;
};

/** Choices of the dialog: every category, essentials locked on. */
export type ConsentChoices = Record<ConsentCategory, boolean>;

/** Defaults when the cookie is first created: every category granted. */
export function acceptAllDefaults(): ConsentRecord {
  return { essentials: true, statistics: true, marketing: true, unknown: true, preferences: true };
}

/**
 * Accept all: every category true, and any other key already in the stored record is kept and
 * set to true as well.
 */
export function acceptAll(existing?: Record<string, unknown> | null): ConsentRecord {
  const kept: Record<string, boolean> = {};
  for (const key of Object.keys(existing ?? {})) kept[key] = true;
  return { ...kept, ...acceptAllDefaults() };
}

/** Reject all: every category false except essentials. */
export function rejectAll(): ConsentRecord {
  return {
    essentials: true,
    statistics: false,
    marketing: false,
    unknown: false,
    preferences: false,
  };
}

/** The record stored by Save, from the dialog's choices (essentials forced on). */
export function fromChoices(choices: ConsentChoices): ConsentRecord {
  return {
    essentials: true,
    statistics: choices.statistics,
    marketing: choices.marketing,
    unknown: choices.unknown,
    preferences: choices.preferences,
  };
}

/**
 * The dialog's initial toggles: the stored record, or, when nothing is stored, only the
 * essentials on (the CNIL asks that optional categories start unticked: consent is an act).
 */
export function choicesFrom(record: ConsentRecord | null): ConsentChoices {
  const r = record ?? rejectAll();
  return {
    essentials: true,
    statistics: r.statistics,
    marketing: r.marketing,
    unknown: r.unknown,
    preferences: r.preferences ?? false,
  };
}

/** Reads the record out of a Cookie header or document.cookie; null when absent or unreadable. */
export function readConsentCookie(cookieString: string | null | undefined): ConsentRecord | null {
  if (!cookieString) return null;
  for (const part of cookieString.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== CONSENT_COOKIE) continue;
    return parseConsentValue(part.slice(eq + 1).trim());
  }
  return null;
}

export function parseConsentValue(value: string): ConsentRecord | null {
  let data: unknown;
  try {
    data = JSON.parse(decodeURIComponent(value));
  } catch {
    return null;
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) return null;
  const d = data as Record<string, unknown>;
  const record: ConsentRecord = {
    ...(Object.fromEntries(Object.entries(d).filter(([, v]) => typeof v === 'boolean')) as Record<
      string,
      boolean
    >),
    essentials: true,
    statistics: d.statistics === true,
    marketing: d.marketing === true,
    unknown: d.unknown === true,
  };
  if (typeof d.preferences === 'boolean') record.preferences = d.preferences;
  return record;
}

/**
 * `secure` is set wherever the browser keeps a Secure cookie: https, and the potentially
 * trustworthy http origins (localhost, 127.0.0.1) that `isSecureContext` reports. On plain http
 * elsewhere a Secure cookie would be dropped silently and the banner would come back on every
 * page, so the attribute is left off there.
 */
export function cookieShouldBeSecure(protocol: string, isSecureContext: boolean): boolean {
  return protocol === 'https:' || isSecureContext;
}

/** The document.cookie assignment for a record: 1 year, path /, SameSite=Lax, secure. */
export function serializeConsentCookie(record: ConsentRecord, secure: boolean): string {
  const value = encodeURIComponent(JSON.stringify(record));
  return `${CONSENT_COOKIE}=${value}; Max-Age=${CONSENT_MAX_AGE}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export type ConsentSignal =
  | 'analytics_storage'
  | 'ad_storage'
  | 'ad_user_data'
  | 'ad_personalization'
  | 'functionality_storage'
  | 'personalization_storage';
export type ConsentSignals = Record<ConsentSignal, 'granted' | 'denied'>;

/** statistics → analytics; marketing → ads; preferences → functionality and personalization. */
export const signalMap = {
  statistics: ['analytics_storage'],
  marketing: ['ad_storage', 'ad_user_data', 'ad_personalization'],
  preferences: ['functionality_storage', 'personalization_storage'],
} as const satisfies Partial<Record<ConsentCategory, readonly ConsentSignal[]>>;

export function consentSignals(record: ConsentRecord | null): ConsentSignals {
  const out = {} as ConsentSignals;
  for (const [category, signals] of Object.entries(signalMap)) {
    const granted = record?.[category as keyof ConsentRecord] === true;
    for (const s of signals) out[s] = granted ? 'granted' : 'denied';
  }
  return out;
}

/** What the banner and dialog show, and what is stored. */
export type ConsentState = {
  stored: ConsentRecord | null;
  bannerOpen: boolean;
  dialogOpen: boolean;
};

export type ConsentAction =
  | { type: 'acceptAll' }
  | { type: 'rejectAll' }
  | { type: 'save'; choices: ConsentChoices }
  | { type: 'customize' }
  | { type: 'closeDialog' }
  | { type: 'routeChange' };

/** First load: the banner shows when no consent is stored. */
export function initialConsentState(stored: ConsentRecord | null): ConsentState {
  return { stored, bannerOpen: stored === null, dialogOpen: false };
}

/**
 * One transition. `store` is the record to write to the cookie and push to the data layer, when
 * the action stores one.
 */
export function consentTransition(
  state: ConsentState,
  action: ConsentAction,
  settings: ConsentSettings = consentSettings,
): { state: ConsentState; store?: ConsentRecord } {
  const done = (store: ConsentRecord) => ({
    state: { stored: store, bannerOpen: false, dialogOpen: false },
    store,
  });
  switch (action.type) {
    case 'acceptAll':
      return done(acceptAll(state.stored));
    case 'rejectAll':
      return done(rejectAll());
    case 'save':
      return done(fromChoices(action.choices));
    case 'customize':
      return { state: { ...state, dialogOpen: true } };
    case 'closeDialog':
      return { state: { ...state, dialogOpen: false } };
    case 'routeChange':
      // With the (off by default) setting, navigating on without answering counts as the
      // accept-all defaults (spec section 4). Without it, an unanswered banner stays up.
      if (state.stored === null) {
        return settings.acceptOnRouteChange ? done(acceptAll(null)) : { state };
      }
      return { state: { ...state, bannerOpen: false } };
  }
}

/**
 * The inline head script: defines the data layer and gtag, pushes consent "default" as denied,
 * then the stored choices as an "update" before any tag runs. Built from `signalMap` so that the
 * browser applies exactly the rules above.
 */
export function consentBootstrapScript(): string {
  const denied = JSON.stringify(consentSignals(null));
  return [
    'window.dataLayer=window.dataLayer||[];',
    'function gtag(){window.dataLayer.push(arguments);}window.gtag=window.gtag||gtag;',
    `gtag('consent','default',${denied});`,
    'try{',
    `var m=document.cookie.match(/(?:^|;\\s*)${CONSENT_COOKIE}=([^;]*)/);`,
    'if(m){var r=JSON.parse(decodeURIComponent(m[1]));',
    `var map=${JSON.stringify(signalMap)};var u={};`,
    "for(var c in map){for(var i=0;i<map[c].length;i++){u[map[c][i]]=r[c]===true?'granted':'denied';}}",
    "gtag('consent','update',u);",
    // Lets the stylesheet hide the banner of a static page before React knows the choice.
    `document.documentElement.setAttribute('${CONSENT_STORED_ATTRIBUTE}','');}`,
    '}catch(e){}',
  ].join('');
}
