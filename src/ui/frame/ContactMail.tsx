'use client';
import { useSyncExternalStore } from 'react';
import frame from '@/i18n/fr/frame';
import { mailDomain } from './rules';
import s from './TopBar.module.css';

const noSubscription = () => () => {};

/**
 * The contact address of the current host (spec section 2). The frame is static, so the server
 * renders the site's own domain and the browser switches to the host it was reached on.
 */
export function ContactMail({ siteUrl, icon }: { siteUrl: string; icon: React.ReactNode }) {
  const domain = useSyncExternalStore(
    noSubscription,
    () => mailDomain(window.location.host, siteUrl),
    () => mailDomain(null, siteUrl),
  );
  const mail = frame.contactMail.replaceAll('{domain}', domain);
  return (
    <a
      className={s.link}
      href={`mailto:${mail}`}
      aria-label={frame.contactMailLabel.replaceAll('{mail}', mail)}
      data-testid="contact-mail"
    >
      {icon}
      <span className={s.mailText}>{mail}</span>
    </a>
  );
}
