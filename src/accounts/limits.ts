/** Limits shared by the forms (browser) and the server. */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;
export const LIST_NAME_MAX_LENGTH = 80;
export const MAX_SIRENS_PER_CALL = 500;
