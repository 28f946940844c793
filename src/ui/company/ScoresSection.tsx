import type { CommitmentScore } from '@/registry/commitment-score';
import { Section } from './Section';
import s from './company.module.css';

const PILLARS = { environnement: 'Environnement', social: 'Social' } as const;

/** The ecological and social score: the criteria met, their points and sources, the method. */
export function ScoresSection({ score }: { score: CommitmentScore }) {
  const met = score.criteria.filter((c) => c.met);
  return (
    <Section id="scores" title="Score écologique et social" sources={met.map((c) => c.source)}>
      <p>
        <strong>
          {score.score} sur {score.max}
        </strong>
      </p>
      <ul className={s.cards}>
        {met.map((c) => (
          <li key={c.code} className={s.card}>
            <strong>{c.label}</strong>
            <span className={s.note} style={{ display: 'block' }}>
              {PILLARS[c.pillar]} : {c.points} points
            </span>
          </li>
        ))}
      </ul>
      <p className={s.note}>{score.method}</p>
    </Section>
  );
}
