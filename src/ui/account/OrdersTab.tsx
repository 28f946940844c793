'use client';

import t from '@/i18n/fr/account';
import s from './account.module.css';

/** The orders tab of /mon-compte: a placeholder that the orders area replaces. */
export function OrdersTab() {
  return <p className={s.intro}>{t.myAccount.orders.empty}</p>;
}
