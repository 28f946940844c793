/** Form field (and JSON property) that carries the captcha's solution. No dependency: pages import it. */
export const CAPTCHA_FIELD = 'captcha';
