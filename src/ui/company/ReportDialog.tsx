'use client';
import { usePathname } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import {
  HOLDERS,
  REPORT_MESSAGE_MAX,
  REPORT_SECTIONS,
  type DataHolder,
  type HolderGuidance,
  type ReportSection,
} from '@/domain/error-reports';
import { CaptchaField } from '@/ui/captcha/CaptchaField';
import { useCaptchaPost } from '@/ui/captcha/useCaptchaPost';
import { showModalReturningFocus } from '@/ui/dialog/returnFocus';
import s from './company.module.css';

/** Who corrects the data and how: the administration, its steps, its links. */
function Guidance({ guidance }: { guidance: HolderGuidance }) {
  return (
    <div className={s.reportGuidance} data-testid="report-guidance">
      <p>
        Cette information est tenue par <strong>{guidance.authority}</strong>.
      </p>
      <ol>
        {guidance.steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      {guidance.links.length ? (
        <ul>
          {guidance.links.map((l) => (
            <li key={l.href}>
              <a href={l.href} rel="noopener noreferrer" target="_blank">
                {l.label}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** Where the error comes from, when the registry holds the information: value and choice. */
const ORIGINS = [
  ['registry', 'L’erreur est dans le registre (l’information officielle est fausse)'],
  ['site', 'L’erreur vient de ce site (l’information officielle est juste)'],
] as const;

/**
 * The dialog of « Signaler une erreur » (ReportError.tsx loads this chunk on the click), with
 * the form (the SIREN read from the page's address, so the page's HTML is the same for everyone).
 * It says at once who holds the chosen information and how to have it corrected there; the
 * report is sent to /api/error-reports with the XSRF token and the captcha. It opens as modal on
 * mount; closed, it gives the focus back to the opener and tells ReportError.
 */
export default function ReportDialog({
  section,
  onClosed,
}: {
  section: ReportSection;
  onClosed: () => void;
}) {
  const pathname = usePathname();
  const siren = /\/(\d{9})(?:\/|$)/.exec(pathname ?? '')?.[1] ?? '';
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(true);
  const [field, setField] = useState('');
  const [origin, setOrigin] = useState<'site' | 'registry'>('registry');
  const {
    state,
    onSubmit,
    fieldErrors: errors,
  } = useCaptchaPost<{ id: number; status: string; guidance: HolderGuidance }>(
    '/api/error-reports',
  );
  const def = REPORT_SECTIONS[section];
  const fields = Object.entries(def.fields) as Array<
    [string, { label: string; holder: DataHolder }]
  >;
  const onlyOurs = fields.every(([, f]) => f.holder === 'site');
  const holder = fields.find(([k]) => k === field)?.[1].holder ?? null;
  const titleId = `signaler-${section}-titre`;

  useEffect(() => {
    if (dialog.current && !dialog.current.open) showModalReturningFocus(dialog.current);
  }, []);
  function close() {
    dialog.current?.close();
  }

  // Sent: the form (and its focused button) gives way to the answer, which takes the focus.
  const sent = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (state.kind === 'sent') sent.current?.focus();
  }, [state.kind]);

  const err = (name: string) =>
    errors[name]?.length ? (
      <span id={`${titleId}-${name}-erreur`} className={s.reportError}>
        {errors[name]!.join(' ')}
      </span>
    ) : null;

  return (
    <>
      <dialog
        ref={dialog}
        className={s.reportDialog}
        aria-labelledby={titleId}
        onClose={() => {
          setOpen(false);
          onClosed();
        }}
      >
        <h3 id={titleId}>Signaler une erreur : {def.title}</h3>
        {state.kind === 'sent' ? (
          <div role="status" data-testid="report-sent" ref={sent} tabIndex={-1}>
            <p>
              Merci, votre signalement n° {state.result.id} est enregistré.{' '}
              {state.result.status === 'open'
                ? 'Notre équipe l’examine ; si vous avez laissé votre adresse, nous vous écrirons.'
                : 'Notre site reprend les données publiques telles que l’administration les publie : pour que l’information soit corrigée partout, adressez-vous à elle.'}
            </p>
            <Guidance guidance={state.result.guidance} />
          </div>
        ) : open ? (
          <form className={s.reportForm} onSubmit={onSubmit} data-testid="report-form">
            {state.kind === 'error' ? (
              <p className={s.reportError} role="alert">
                {state.message}
              </p>
            ) : null}
            <input type="hidden" name="siren" value={siren} />
            <input type="hidden" name="section" value={section} />
            <label>
              Information erronée
              <select
                name="field"
                required
                value={field}
                onChange={(e) => setField(e.target.value)}
                aria-describedby={errors.field ? `${titleId}-field-erreur` : undefined}
              >
                <option value="" disabled>
                  Choisissez l’information
                </option>
                {fields.map(([k, f]) => (
                  <option key={k} value={k}>
                    {f.label}
                  </option>
                ))}
              </select>
              {err('field')}
            </label>
            {onlyOurs || holder === 'site' ? (
              <input type="hidden" name="origin" value="site" />
            ) : (
              <fieldset>
                <legend>D’où vient l’erreur ?</legend>
                {ORIGINS.map(([value, text]) => (
                  <label key={value}>
                    <input
                      type="radio"
                      name="origin"
                      value={value}
                      checked={origin === value}
                      onChange={() => setOrigin(value)}
                    />
                    {text}
                  </label>
                ))}
              </fieldset>
            )}
            {holder && holder !== 'site' && origin === 'registry' ? (
              <Guidance guidance={HOLDERS[holder]} />
            ) : null}
            <label>
              Ce qui est faux, et la bonne information
              <textarea
                name="message"
                rows={5}
                required
                minLength={5}
                maxLength={REPORT_MESSAGE_MAX}
                aria-describedby={errors.message ? `${titleId}-message-erreur` : undefined}
              />
              {err('message')}
            </label>
            <label>
              Votre adresse électronique, pour recevoir notre réponse (facultatif)
              <input name="email" type="email" maxLength={200} autoComplete="email" />
              {err('email')}
            </label>
            <CaptchaField />
            <div className={s.reportActions}>
              <button type="submit" disabled={state.kind === 'sending'}>
                {state.kind === 'sending' ? 'Envoi…' : 'Envoyer le signalement'}
              </button>
              <button type="button" onClick={close}>
                Annuler
              </button>
            </div>
          </form>
        ) : null}
        {state.kind === 'sent' ? (
          <button type="button" onClick={close}>
            Fermer
          </button>
        ) : null}
      </dialog>
    </>
  );
}
