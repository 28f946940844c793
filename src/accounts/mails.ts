import type { MailMessage } from '@/mail/transport';

/**
 * The account mails, in French, as text and HTML. Links carry the origin the caller passes: always
 * SITE_URL's (`siteOrigin()`), never a request's host.
 */
const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export function layoutHtml(
  title: string,
  paragraphs: readonly string[],
  action?: { label: string; href: string },
): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.href)}" style="background:#1a56db;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p><p style="font-size:13px;color:#555">Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur :<br>${escapeHtml(action.href)}</p>`
    : '';
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body style="font-family:Arial,sans-serif;color:#1f2937;max-width:600px;margin:0 auto;padding:24px"><h1 style="font-size:20px">${escapeHtml(title)}</h1>${body}${button}<p style="font-size:12px;color:#6b7280;margin-top:32px">Registre des entreprises — ce message vous est envoyé automatiquement, merci de ne pas y répondre.</p></body></html>`;
}

export { escapeHtml };

/** The verification link; `next`, a path of this site, is where the person lands afterwards. */
/**
 * A mail whose action is one link: greeting, what happened, the link, then what to do if it was
 * not them (text), and the same with a button (HTML).
 */
function linkMail(
  to: string,
  title: string,
  lines: readonly [string, string, string],
  href: string,
  label: string,
): MailMessage {
  return {
    to,
    subject: title,
    text: `${lines[0]}\n\n${lines[1]}\n\n${href}\n\n${lines[2]}\n`,
    html: layoutHtml(title, lines, { label, href }),
  };
}

export function verificationLink(origin: string, token: string, next?: string): string {
  const back = next ? `&next=${encodeURIComponent(next)}` : '';
  return `${origin}/verify-email/confirm?token=${encodeURIComponent(token)}${back}`;
}

export function resetLink(origin: string, token: string, email: string): string {
  return `${origin}/password-reset/${encodeURIComponent(token)}?email=${encodeURIComponent(email)}`;
}

/** What the confirmation link of a sign-up or of an e-mail change (to the NEW address) says. */
const ADDRESS_CONFIRMATION = {
  signup: () => ({
    title: 'Confirmez votre adresse e-mail',
    lines: [
      'Bonjour,',
      'Merci d’avoir créé votre compte sur le Registre des entreprises. Pour confirmer votre adresse e-mail, ouvrez le lien ci-dessous (il est valable 48 heures).',
      'Si vous n’êtes pas à l’origine de cette inscription, ignorez ce message : aucun compte ne sera activé.',
    ],
    label: 'Confirmer mon adresse',
  }),
  // The change applies only when this link is opened.
  'email-change': (to: string) => ({
    title: 'Confirmez votre nouvelle adresse e-mail',
    lines: [
      'Bonjour,',
      `Vous avez demandé à utiliser l’adresse ${to} pour votre compte sur le Registre des entreprises. Ouvrez le lien ci-dessous pour confirmer ce changement (il est valable 48 heures) : tant qu’il n’est pas ouvert, votre compte garde son ancienne adresse.`,
      'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message : rien ne changera.',
    ],
    label: 'Confirmer ma nouvelle adresse',
  }),
} satisfies Record<
  string,
  (to: string) => { title: string; lines: [string, string, string]; label: string }
>;

/** The verification mail of a sign-up, or of an e-mail change (sent to the new address). */
export function verificationMail(
  to: string,
  origin: string,
  token: string,
  next?: string,
  purpose: keyof typeof ADDRESS_CONFIRMATION = 'signup',
): MailMessage {
  const { title, lines, label } = ADDRESS_CONFIRMATION[purpose](to);
  return linkMail(to, title, lines, verificationLink(origin, token, next), label);
}

export function resetPasswordMail(to: string, origin: string, token: string): MailMessage {
  const href = resetLink(origin, token, to);
  const title = 'Réinitialisation de votre mot de passe';
  const lines = [
    'Bonjour,',
    'Vous avez demandé à réinitialiser le mot de passe de votre compte. Ouvrez le lien ci-dessous pour en choisir un nouveau (il est valable une heure).',
    'Si vous n’avez rien demandé, ignorez ce message : votre mot de passe reste inchangé.',
  ] as const;
  return linkMail(to, title, lines, href, 'Choisir un nouveau mot de passe');
}

/** To the OLD address of an e-mail change: what was asked, and what to do if it was not them. */
export function emailChangeNotice(to: string, newEmail: string, origin: string): MailMessage {
  const href = `${origin}/forgot-password`;
  const title = 'Changement d’adresse e-mail demandé';
  const lines = [
    'Bonjour,',
    `Une demande de changement d’adresse e-mail vient d’être faite pour votre compte sur le Registre des entreprises, avec votre mot de passe : la nouvelle adresse serait ${newEmail}. Le changement n’aura lieu que lorsque le lien envoyé à cette nouvelle adresse sera ouvert.`,
    'Si c’est bien vous, vous n’avez rien à faire.',
    'Si ce n’est pas vous, quelqu’un connaît votre mot de passe : choisissez-en un nouveau tout de suite, dans « Mon compte » ou avec le lien ci-dessous (toutes les autres sessions seront fermées), puis écrivez-nous depuis la page de contact du site.',
  ];
  return {
    to,
    subject: title,
    text: `${lines.join('\n\n')}\n\n${href}\n`,
    html: layoutHtml(title, lines, { label: 'Choisir un nouveau mot de passe', href }),
  };
}
