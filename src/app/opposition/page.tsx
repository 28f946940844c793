import { getDb } from '@/db';
import { getDirectorProfile } from '@/registry/directors';
import { parseSiren } from '@/domain/siren';
import s from '@/ui/company/company.module.css';
import { frameMetadataWithQuery } from '@/ui/frame/metadata';
import { CaptchaField } from '@/ui/captcha/CaptchaField';

export const dynamic = 'force-dynamic';

export const generateMetadata = frameMetadataWithQuery('/opposition', {
  title: "Demande d'opposition : masquer vos données",
  description:
    'Demandez que votre nom, votre adresse ou vos mandats de dirigeant ne soient plus affichés sur le site. La demande est appliquée dès sa réception.',
  robots: { index: false, follow: true },
});

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export default async function OppositionPage({ searchParams }: Props) {
  const q = await searchParams;
  const directorId = one(q.dirigeant);
  // A mistyped number comes back as typed, to be corrected rather than retyped.
  const siren = parseSiren(one(q.siren) ?? '') ?? (one(q.siren) ?? '').slice(0, 20);
  const director = directorId
    ? await getDirectorProfile(getDb(), directorId).catch(() => null)
    : null;
  const error = one(q.erreur);
  return (
    <div className={s.page}>
      <h1 className={s.title}>Demande d&apos;opposition</h1>
      <p>
        Vous pouvez demander que vos données personnelles ne soient plus affichées : le nom et
        l&apos;adresse d&apos;un entrepreneur individuel, ou les mandats d&apos;un dirigeant. La
        demande est appliquée dès sa réception, pendant son examen ; nous vous répondons à
        l&apos;adresse indiquée.
      </p>
      {one(q.envoye) ? (
        <p className={`${s.alert} ${s.success}`} role="status">
          Votre demande a bien été enregistrée. Les données concernées ne sont plus affichées.
        </p>
      ) : null}
      {error ? (
        <p className={s.alert} role="alert">
          {error}
        </p>
      ) : null}
      <form className={s.form} method="post" action="/api/opposition">
        <fieldset style={{ border: 0, padding: 0, margin: 0, display: 'grid', gap: 8 }}>
          <legend style={{ fontWeight: 600, marginBottom: 8 }}>Données concernées</legend>
          <label style={{ display: 'flex', gap: 8, fontWeight: 400 }}>
            <input type="radio" name="kind" value="person" defaultChecked={!!director?.ok} /> Mes
            mandats de dirigeant
            {director?.ok ? ` (${director.value.name})` : ''}
          </label>
          <label style={{ display: 'flex', gap: 8, fontWeight: 400 }}>
            <input type="radio" name="kind" value="company" defaultChecked={!director?.ok} /> Mon
            entreprise individuelle (nom et adresse)
          </label>
        </fieldset>
        {director?.ok ? <input type="hidden" name="directorId" value={director.value.id} /> : null}
        <label>
          Numéro SIREN de l&apos;entreprise
          <input
            name="siren"
            inputMode="numeric"
            maxLength={11}
            defaultValue={siren}
            autoComplete="off"
          />
        </label>
        <label>
          Adresse électronique (obligatoire)
          <input name="email" type="email" required maxLength={200} autoComplete="email" />
        </label>
        <label>
          Motif (facultatif)
          <textarea name="reason" rows={4} maxLength={2000} />
        </label>
        <div aria-hidden="true" style={{ position: 'absolute', left: '-10000px' }}>
          <label>
            Ne pas remplir
            <input name="website" tabIndex={-1} autoComplete="off" />
          </label>
        </div>
        <CaptchaField />
        <button className={s.button} type="submit">
          Envoyer la demande
        </button>
      </form>
      <p className={s.note}>
        Les données des registres officiels (INSEE, RNE, BODACC) restent publiques à la source ;
        nous cessons de les afficher ici. Pour les entreprises, vous pouvez aussi demander la
        diffusion partielle à l&apos;INSEE.
      </p>
    </div>
  );
}
