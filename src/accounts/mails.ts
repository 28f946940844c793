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
  paragraphs: string[],
  action?: { label: string; href: string },
): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.href)}" style="background:#1a56db;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p><p style="font-size:13px;color:#555">Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur :<br>${escapeHtml(action.href)}</p>`
    : '';
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body style="font-family:Arial,sans-serif;color:#1f2937;max-width:600px;margin:0 auto;padding:24px"><h1 style="font-size:20px">${escapeHtml(title)}</h1>${body}${button}<p style="font-size:12px;color:#6b7280;margin-top:32px">Registre des entreprises — ce message vous est envoyé automatiquement, merci de ne pas y répondre.</p></body></html>`;
}

export { escapeHtml };

export function verificationLink(origin: string, token: string): string {
  return `${origin}/verify-email/confirm?token=${encodeURIComponent(token)}`;
}

export function resetLink(origin: string, token: string, email: string): string {
  return `${origin}/password-reset/${encodeURIComponent(token)}?email=${encodeURIComponent(email)}`;
}

export function verificationMail(to: string, origin: string, token: string): MailMessage {
  const href = verificationLink(origin, token);
  const title = 'Confirmez votre adresse e-mail';
  const lines = [
    'Bonjour,',
    'Merci d’avoir créé votre compte sur le Registre des entreprises. Pour confirmer votre adresse e-mail, ouvrez le lien ci-dessous (il est valable 48 heures).',
    'Si vous n’êtes pas à l’origine de cette inscription, ignorez ce message : aucun compte ne sera activé.',
  ];
  return {
    to,
    subject: title,
    text: `${lines[0]}\n\n${lines[1]}\n\n${href}\n\n${lines[2]}\n`,
    html: layoutHtml(title, lines, { label: 'Confirmer mon adresse', href }),
  };
}

export function resetPasswordMail(to: string, origin: string, token: string): MailMessage {
  const href = resetLink(origin, token, to);
  const title = 'Réinitialisation de votre mot de passe';
  const lines = [
    'Bonjour,',
    'Vous avez demandé à réinitialiser le mot de passe de votre compte. Ouvrez le lien ci-dessous pour en choisir un nouveau (il est valable une heure).',
    'Si vous n’avez rien demandé, ignorez ce message : votre mot de passe reste inchangé.',
  ];
  return {
    to,
    subject: title,
    text: `${lines[0]}\n\n${lines[1]}\n\n${href}\n\n${lines[2]}\n`,
    html: layoutHtml(title, lines, { label: 'Choisir un nouveau mot de passe', href }),
  };
}
