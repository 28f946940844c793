import type { Metadata } from 'next';
import { openApiDocument } from '@/public-api/openapi';
import { API_AUTH_TEXT, API_LIMITS_TEXT } from '@/public-api/openapi/api-access';
import { siteUrl } from '@/loaders/registry-pages';
import s from '@/ui/company/company.module.css';
import { frameMetadata } from '@/ui/frame/metadata';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = frameMetadata('/documentation-api', {
  title: "Documentation de l'API des entreprises et des dirigeants",
  description:
    "Référence de l'API JSON : fiche d'entreprise, établissements, dirigeants, comptes annuels, annonces BODACC, marques et profils de dirigeants.",
});

type Op = {
  summary?: string;
  description?: string;
  parameters?: Array<{ name: string; in: string; required?: boolean; description?: string }>;
  responses: Record<string, { description: string }>;
};

/** A readable reference generated from the same OpenAPI document as /api/openapi.json. */
export default function ApiDocumentationPage() {
  const base = siteUrl();
  const doc = openApiDocument(base);
  const ops = Object.entries(doc.paths as Record<string, Record<string, Op>>).flatMap(
    ([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
  );
  return (
    <div className={s.page}>
      <h1 className={s.title}>{doc.info.title}</h1>
      <p className={s.subtitle}>{doc.info.description.split('\n\n')[0]}</p>
      <p>
        Document OpenAPI 3.1 : <a href="/api/openapi.json">/api/openapi.json</a>. Exemple :{' '}
        <code>curl {base}/api/companies/552032534</code>
      </p>
      <section className={s.section} aria-labelledby="acces-api">
        <h2 id="acces-api" className={s.sectionTitle}>
          Authentification et limites
        </h2>
        <p>{API_AUTH_TEXT}</p>
        <ul>
          {API_LIMITS_TEXT.map((t) => (
            <li key={t}>{t}</li>
          ))}
        </ul>
        <p>
          Exemple avec une clé :{' '}
          <code>
            curl -H &quot;Authorization: Bearer rg_live_…&quot; {base}/api/companies/552032534
          </code>
        </p>
      </section>
      <nav className={s.section} aria-label="Routes de l'API">
        <ul className={s.linkList}>
          {ops.map((o) => (
            <li key={`${o.method} ${o.path}`}>
              <a href={`#${o.method}-${o.path.replace(/[^a-z0-9]+/gi, '-')}`}>
                <code>
                  {o.method} {o.path}
                </code>
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {ops.map((o) => (
        <section
          key={`${o.method} ${o.path}`}
          id={`${o.method}-${o.path.replace(/[^a-z0-9]+/gi, '-')}`}
          className={s.section}
        >
          <h2 className={s.sectionTitle}>
            <code>
              {o.method} {o.path}
            </code>
          </h2>
          {o.op.summary ? (
            <p>
              <strong>{o.op.summary}</strong>
            </p>
          ) : null}
          {o.op.description ? <p>{o.op.description}</p> : null}
          {o.op.parameters?.length ? (
            <div className={s.tableWrap}>
              <table className={s.table}>
                <caption>Paramètres</caption>
                <thead>
                  <tr>
                    <th scope="col">Nom</th>
                    <th scope="col">Emplacement</th>
                    <th scope="col">Description</th>
                  </tr>
                </thead>
                <tbody>
                  {o.op.parameters.map((p) => (
                    <tr key={p.name}>
                      <td>
                        <code>{p.name}</code>
                        {p.required ? ' (obligatoire)' : ''}
                      </td>
                      <td>{p.in === 'path' ? 'chemin' : 'requête'}</td>
                      <td>{p.description ?? '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
          <ul>
            {Object.entries(o.op.responses).map(([code, r]) => (
              <li key={code}>
                <strong>{code}</strong> : {r.description}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
