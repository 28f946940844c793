import t from '@/i18n/fr/account';
import s from '@/ui/account/account.module.css';
import { frameMetadata } from '@/ui/frame/metadata';

export const metadata = frameMetadata('/profil-entreprise', {
  title: t.claims.title,
  description: t.claims.intro,
});

export default function ClaimSearchPage() {
  return (
    <div className={s.narrow}>
      <h1 className={s.title}>{t.claims.title}</h1>
      <p className={s.intro}>{t.claims.intro}</p>
      <form className={s.form} action="/profil-entreprise/resultats" method="get">
        <div className={s.field}>
          <label htmlFor="q">{t.claims.search}</label>
          <input id="q" name="q" className={s.input} minLength={2} required />
        </div>
        <button className={s.button} type="submit">
          {t.claims.searchSubmit}
        </button>
      </form>
    </div>
  );
}
