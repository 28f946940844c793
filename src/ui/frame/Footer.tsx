import Link from 'next/link';
import { isSold } from '@/documents/sale';
import { messages, t } from '@/i18n';
import { clickAction } from '@/i18n/fr/footer';
import { Icon } from '@/ui/icons/Icon';
import { ConsentPreferencesLink } from '@/ui/consent/ConsentPreferencesLink';
import { AccountButton } from './AccountButton';
import { Logo } from './Logo';
import s from './Footer.module.css';

const m = messages.footer;

/**
 * Footer (spec section 2): logo and description, social links, three link columns, account
 * button, Kbis quota disclaimer, sources and partners, copyright with the current year and the
 * rights links. A rights link whose href is `clickAction` opens the consent preferences.
 */
export function Footer({ year = new Date().getFullYear() }: { year?: number }) {
  return (
    <footer className={s.footer} data-testid="site-footer">
      <div className={`container ${s.top}`}>
        <div className={s.brand}>
          <Link href="/" className={s.home} aria-label={messages.frame.homeLinkLabel}>
            <Logo tone="light" place="footer" />
          </Link>
          <p>{m.description}</p>
          <ul className={s.social} aria-label={m.socialTitle}>
            {m.socialLinks.map((link) => (
              <li key={link.name}>
                <a
                  href={link.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t('footer', 'socialLinkLabel', { name: link.name })}
                >
                  <Icon name={link.icon} size={20} />
                </a>
              </li>
            ))}
          </ul>
        </div>
        <div className={s.columns}>
          {m.columns.map((column) => (
            <div key={column.title}>
              <h2 className={s.columnTitle}>{column.title}</h2>
              <ul>
                {column.links.map((link) => (
                  <li key={link.href}>
                    <Link href={link.href}>{link.title}</Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
        <div className={s.account}>
          <h2 className={s.columnTitle}>{m.accountTitle}</h2>
          <p>{m.accountText}</p>
          <AccountButton tone="dark" />
        </div>
      </div>
      <div className={`container ${s.notes}`}>
        <p data-testid="kbis-disclaimer">
          {isSold('kbis') ? m.kbisDisclaimerSold : m.kbisDisclaimer}
        </p>
        <div className={s.sources}>
          <h2 className={s.columnTitle}>{m.sourcesTitle}</h2>
          <ul>
            {m.sources.map((source) => (
              <li key={source.name}>
                <a href={source.href} target="_blank" rel="noopener noreferrer">
                  {source.name}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className={`container ${s.bottom}`}>
        <p data-testid="copyright">{t('footer', 'copyright', { year })}</p>
        <nav className={s.rights} aria-label={m.rightsLabel}>
          <ul>
            {m.rightsLinks.map((link) => (
              <li key={link.title}>
                {link.href === clickAction ? (
                  <ConsentPreferencesLink>{link.title}</ConsentPreferencesLink>
                ) : (
                  <Link href={link.href}>{link.title}</Link>
                )}
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
