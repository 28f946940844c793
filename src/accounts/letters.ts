import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import type { Db } from '@/db/client';
import { markLettersSent, takeLettersToSend } from './claims';

const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';

/**
 * `npm run letters:export`: one PDF per pending claim (the code that proves the claimant receives
 * the registered office's mail), written as a batch for the mail house under
 * `<dir>/<date-time>/`. Codes are stored (hashed) only once every file of the batch is written.
 */
export async function exportLetters(
  db: Db,
  dir: string,
  now = new Date(),
): Promise<{ file: string; claimId: number; code: string }[]> {
  const letters = await takeLettersToSend(db);
  if (!letters.length) return [];
  const batch = path.join(dir, now.toISOString().replace(/[:.]/g, '-'));
  await mkdir(batch, { recursive: true });
  const files: { file: string; claimId: number; code: string }[] = [];
  for (const l of letters) {
    const file = path.join(batch, `courrier-${l.claimId}-${l.siren}.pdf`);
    await new Promise<void>((resolve, reject) => {
      const doc = new PDFDocument({
        size: 'A4',
        margin: 60,
        info: { Title: 'Code de vérification' },
      });
      const out = createWriteStream(file);
      out.on('finish', resolve);
      out.on('error', reject);
      doc.pipe(out);
      try {
        doc.font(FONT);
      } catch {
        doc.font('Helvetica');
      }
      doc.fontSize(11).text(l.companyName ?? `Entreprise ${l.siren}`, 320, 140);
      doc.text(l.address, 320);
      doc.moveDown(4).fontSize(14).text('Vérification de votre profil d’entreprise', 60);
      doc.moveDown().fontSize(11);
      doc.text(
        `Une personne a demandé à gérer le profil de votre entreprise (SIREN ${l.siren}) sur le Registre des entreprises, en qualité de « ${l.role} ».`,
      );
      doc
        .moveDown()
        .text(
          'Si cette demande vient de vous, saisissez le code ci-dessous dans votre espace « Mon compte » :',
        );
      doc
        .moveDown()
        .fontSize(22)
        .text(l.code.replace(/(.{4})/, '$1 '), { align: 'center' });
      doc.moveDown().fontSize(11);
      doc.text(
        'Si vous ne connaissez pas cette demande, ignorez ce courrier : sans ce code, personne ne peut gérer votre profil.',
      );
      doc.end();
    });
    files.push({ file, claimId: l.claimId, code: l.code });
  }
  await markLettersSent(db, letters);
  return files;
}
