'use client';
import Link from 'next/link';
import frame from '@/i18n/fr/frame';
import footer, { clickAction, type SocialLink } from '@/i18n/fr/footer';
import { translator } from '@/i18n/lookup';
import { facebookIcon, linkedinIcon, xIcon, youtubeIcon } from '@/ui/icons/firstLoad';
import { SvgIcon } from '@/ui/icons/SvgIcon';
import { ConsentPreferencesLink } from '@/ui/consent/ConsentPreferencesLink';
import { AccountButton } from './AccountButton';
import { Logo } from './Logo';
import s from './Footer.module.css';

const m = footer;
const t = translator(footer, 'footer');
const socialIcons: Record<SocialLink['icon'], readonly string[]> = {
  linkedin: linkedinIcon,
  x: xIcon,
  facebook: facebookIcon,
  youtube: youtubeIcon,
};

/**
 * Footer (spec section 2): logo and description, social links, three link columns, account
 * button, Kbis quota disclaimer, sources and partners, copyright with the year and the rights
 * links. A rights link whose href is `clickAction` opens the consent preferences.
 *
 * A Client Component that imports its texts (the message modules), so that the RSC payload of
 * every page carries two props instead of the footer's elements: the text is in a JavaScript
 * chunk the browser keeps, and the server renders it as HTML without serializing it first. The
 * year comes from the server (the page's HTML and its hydration agree on New Year's Eve).
 */
export function Footer({ year, kbisSold }: { year: number; kbisSold: boolean }) {
  return (
    <footer className={s.footer} data-testid="site-footer">
      <div className={`container ${s.top}`}>
        <div className={s.brand}>
          <Link href="/" className={s.home} aria-label={frame.homeLinkLabel}>
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
                  aria-label={t('socialLinkLabel', { name: link.name })}
                >
                  <SvgIcon paths={socialIcons[link.icon]} size={20} />
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
        <p data-testid="kbis-disclaimer">{kbisSold ? m.kbisDisclaimerSold : m.kbisDisclaimer}</p>
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
        <p data-testid="copyright">{t('copyright', { year })}</p>
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
