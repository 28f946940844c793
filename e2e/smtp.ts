/** A mail the site under test sent, as the runner's SMTP server received it (e2e/run.ts). */
export type SentMail = { to: string[]; subject: string; text: string; raw: string };

/** Waits for a mail matching `match` to reach the test SMTP server. */
export async function waitForSmtpMail(
  match: (m: SentMail) => boolean,
  timeoutMs = 60_000,
): Promise<SentMail> {
  const url = process.env.E2E_MAIL_URL;
  if (!url) throw new Error('E2E_MAIL_URL manquant : lancez les tests avec e2e/run.ts');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mails = (await (await fetch(url)).json()) as SentMail[];
    const found = mails.find(match);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`aucun mail attendu reçu par le serveur SMTP de test en ${timeoutMs} ms`);
}
