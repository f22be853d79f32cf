import type { TFunction } from 'i18next';

/**
 * The Practice API gives accounts as numbers only (`1020`); no operation names them. The standard numbers of the
 * Swiss KMU chart of accounts (Kontenrahmen KMU) that a practice books payments and revenue on are named here, in
 * the four languages (locales `accountName`); any other number is shown as it is
 * (docs/decisions/0027-exports-ready-for-excel.md).
 */
const accountNumbers = ['1000', '1010', '1020', '1100', '3000', '3200', '3400', '3600', '3800'] as const;
type KnownAccount = (typeof accountNumbers)[number];
export const knownAccounts: ReadonlySet<string> = new Set(accountNumbers);

const isKnownAccount = (account: string): account is KnownAccount => knownAccounts.has(account);

/** `Bank` for `1020`; '' for a number the chart does not name. */
export function accountName(t: TFunction<'accounting'>, account: string): string {
  return isKnownAccount(account) ? t(`accountName.${account}`) : '';
}

/** `1020 Bank`; the number alone where it has no name. */
export function accountLabel(t: TFunction<'accounting'>, account: string): string {
  const name = accountName(t, account);
  return name ? `${account} ${name}` : account;
}
