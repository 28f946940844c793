import { interpolate, messages } from '@/i18n';
import type { CommitmentScore } from '@/registry/commitment-score';
import { Section } from './Section';
import s from './company.module.css';

const m = messages.company.scores;

/** The ecological and social score: the criteria met, their points and sources, the method. */
export function ScoresSection({ score }: { score: CommitmentScore }) {
  const met = score.criteria.filter((c) => c.met);
  return (
    <Section id="scores" title={m.title} sources={met.map((c) => c.source)}>
      <p>
        <strong>{interpolate(m.total, { score: score.score, max: score.max })}</strong>
      </p>
      <ul className={s.cards}>
        {met.map((c) => (
          <li key={c.code} className={s.card}>
            <strong>{c.label}</strong>
            <span className={s.note} style={{ display: 'block' }}>
              {interpolate(m.criterion, { pillar: m.pillars[c.pillar], points: c.points })}
            </span>
          </li>
        ))}
      </ul>
      <p className={s.note}>{score.method}</p>
    </Section>
  );
}
