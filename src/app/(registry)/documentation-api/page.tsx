import type { Metadata } from 'next';
import { frameMetadata } from '@/ui/frame/metadata';
import { ApiReference } from '@/ui/api-reference/ApiReference';
import s from '@/ui/api-reference/api-reference.module.css';

export const metadata: Metadata = frameMetadata('/documentation-api', {
  title: "Documentation de l'API des entreprises et des dirigeants",
  description:
    "Référence de l'API JSON : recherche, fiche d'entreprise, dirigeants et réseau, finances, actes et annonces, traitement par lots ; exemples en curl et JavaScript, erreurs et quotas.",
});

/**
 * The public API's reference, rendered in the browser by Scalar from /api/openapi.json (the
 * public operations only: src/web/openapi-public.ts). The HTML holds the title and the way to
 * the document itself, for readers without JavaScript.
 */
export default function ApiDocumentationPage() {
  return (
    <div className={s.page}>
      <h1 className={s.title}>Documentation de l’API des entreprises et des dirigeants</h1>
      <p className={s.intro}>
        L’API publique, sans clé jusqu’à 7 appels par seconde. Le document OpenAPI 3.1 :{' '}
        <a href="/api/openapi.json">/api/openapi.json</a>.
      </p>
      <noscript>
        <p className={s.intro}>
          La référence interactive demande JavaScript ; le document OpenAPI ci-dessus en donne tout
          le contenu.
        </p>
      </noscript>
      <ApiReference />
    </div>
  );
}
