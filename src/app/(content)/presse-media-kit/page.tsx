import { getDb } from '@/db';
import { keyFigures } from '@/registry/hub';
import { InfoPage, infoPageMetadata } from '@/ui/content/InfoPage';
import { KeyFiguresTable } from '@/ui/content/KeyFigures';
import s from '@/ui/content/content.module.css';

// The key figures are counted in the database (kept 5 minutes).
export const dynamic = 'force-dynamic';

export const metadata = infoPageMetadata('presse-media-kit');

const files = [
  {
    href: '/presse/registre-kit-presse.zip',
    label: 'Kit complet (zip)',
    size: 'logos et chiffres',
  },
  { href: '/presse/registre-logo.svg', label: 'Logo couleur (SVG)', size: '177 × 36' },
  {
    href: '/presse/registre-logo-blanc.svg',
    label: 'Logo blanc sur fond sombre (SVG)',
    size: '177 × 36',
  },
  { href: '/presse/registre-icone.svg', label: 'Icône seule (SVG)', size: '36 × 36' },
  {
    href: '/presse-media-kit/chiffres-cles.csv',
    label: 'Chiffres clés (CSV)',
    size: 'mis à jour en continu',
  },
];

export default async function PressKit() {
  const figures = await keyFigures(getDb());
  return (
    <InfoPage
      slug="presse-media-kit"
      after={
        <>
          <section className={s.section} aria-labelledby="telechargements">
            <h2 id="telechargements" className={s.sectionTitle}>
              Télécharger
            </h2>
            <ul>
              {files.map((f) => (
                <li key={f.href}>
                  <a href={f.href} download>
                    {f.label}
                  </a>{' '}
                  <span className={s.note}>({f.size})</span>
                </li>
              ))}
            </ul>
          </section>
          <section className={s.section} aria-labelledby="chiffres">
            <h2 id="chiffres" className={s.sectionTitle}>
              Chiffres clés de notre base
            </h2>
            <KeyFiguresTable figures={figures} />
          </section>
        </>
      }
    />
  );
}
