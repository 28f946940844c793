'use client';
import { CaptchaField } from '@/ui/captcha/CaptchaField';
import { useCaptchaPost } from '@/ui/captcha/useCaptchaPost';
import s from './content.module.css';

type Topic = { value: string; label: string };

/**
 * The contact form: sent as form fields to /api/contact once the captcha is solved (the captcha
 * holds an early submit and sends it again by itself when ready).
 */
export function ContactForm({ topics }: { topics: Topic[] }) {
  const { state, onSubmit, fieldErrors: fields } = useCaptchaPost<{ id: number }>('/api/contact');

  if (state.kind === 'sent') {
    return (
      <p className={`${s.alert} ${s.success}`} role="status" data-testid="contact-sent">
        Merci, votre message n° {state.result.id} a bien été envoyé. Nous vous répondons par
        courriel, en général sous deux jours ouvrés.
      </p>
    );
  }
  const err = (name: string) =>
    fields[name]?.length ? (
      <span id={`${name}-error`} className={s.note} style={{ color: '#8a1c1c' }}>
        {fields[name]!.join(' ')}
      </span>
    ) : null;
  const described = (name: string) => (fields[name]?.length ? `${name}-error` : undefined);
  return (
    <form className={s.form} onSubmit={onSubmit} data-testid="contact-form" noValidate={false}>
      {state.kind === 'error' ? (
        <p className={s.alert} role="alert">
          {state.message}
        </p>
      ) : null}
      <label>
        Votre nom
        <input
          name="name"
          required
          maxLength={100}
          autoComplete="name"
          aria-describedby={described('name')}
        />
        {err('name')}
      </label>
      <label>
        Votre adresse électronique
        <input
          name="email"
          type="email"
          required
          maxLength={200}
          autoComplete="email"
          aria-describedby={described('email')}
        />
        {err('email')}
      </label>
      <label>
        Sujet
        <select name="topic" required defaultValue="" aria-describedby={described('topic')}>
          <option value="" disabled>
            Choisissez un sujet
          </option>
          {topics.map((t) => (
            <option key={t.value} value={t.value}>
              {t.label}
            </option>
          ))}
        </select>
        {err('topic')}
      </label>
      <label>
        Numéro SIREN de l’entreprise concernée (facultatif)
        <input
          name="siren"
          inputMode="numeric"
          maxLength={11}
          aria-describedby={described('siren')}
        />
        {err('siren')}
      </label>
      <label>
        Référence de commande (facultatif)
        <input name="orderReference" maxLength={50} />
      </label>
      <label>
        Votre message
        <textarea
          name="message"
          rows={7}
          required
          minLength={10}
          maxLength={5000}
          aria-describedby={described('message')}
        />
        {err('message')}
      </label>
      <div aria-hidden="true" style={{ position: 'absolute', left: '-10000px' }}>
        <label>
          Ne pas remplir
          <input name="website" tabIndex={-1} autoComplete="off" />
        </label>
      </div>
      <CaptchaField />
      <button className={s.button} type="submit" disabled={state.kind === 'sending'}>
        {state.kind === 'sending' ? 'Envoi…' : 'Envoyer le message'}
      </button>
    </form>
  );
}
