import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';

/**
 * The mails the site under test wrote: without SMTP_URL it keeps each one as an .eml file under
 * DATA_DIR/mail (src/mail/transport.ts). Waits for the newest one to `to`.
 */
export async function waitForMailTo(to: string, timeoutMs = 45_000): Promise<string> {
  const dir = path.resolve(process.env.DATA_DIR ?? '.data', 'mail');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    let files: string[] = [];
    try {
      files = readdirSync(dir)
        .filter((f) => f.endsWith('.eml'))
        .map((f) => path.join(dir, f))
        .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
    } catch {
      // not created yet
    }
    for (const file of files.slice(0, 50)) {
      const mail = await simpleParser(readFileSync(file));
      const recipients = [mail.to].flat().flatMap((a) => a?.value.map((v) => v.address) ?? []);
      if (recipients.includes(to)) return mail.text ?? '';
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`aucun mail pour ${to}`);
}

/** The path and query of the confirmation link in a mail (the site's host may differ). */
export function confirmationPath(text: string): string {
  const m = /https?:\/\/[^\s/]+(\/opposition\/confirmer\?jeton=[^\s]+)/.exec(text);
  if (!m) throw new Error('aucun lien de confirmation');
  return m[1]!;
}
