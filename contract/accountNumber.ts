/**
 * The one rule of a bank account number shown by its last four digits, for the server (which
 * sends anyone but the owning company only those) and the SPA (which shows the company's own
 * that way until asked): '123456789012' -> '••9012'.
 */
export const HIDDEN_DIGITS = '••';

/** An account number by its last four digits; one already so stays as it is. */
export const lastFourOf = (accountNo: string): string =>
  isLastFour(accountNo) ? accountNo : `${HIDDEN_DIGITS}${accountNo.slice(-4)}`;

/** Whether a number is already only its last four digits (as an admin's answers carry it). */
export const isLastFour = (accountNo: string): boolean => accountNo.startsWith(HIDDEN_DIGITS);
