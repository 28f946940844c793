import { ServiceArticleLinks } from '@/ui/content/ServiceArticle';
import { SearchCombobox } from './SearchCombobox';
import { serviceOf, type ServicePath } from './servicePages';
import s from './search.module.css';

/** A service's search page: its title and a search box leading to {path}/resultats. */
export function ServiceSearch({ path }: { path: ServicePath }) {
  const service = serviceOf(path);
  return (
    <div className={`container ${s.page}`}>
      <header className={s.head}>
        <h1 className={s.title}>{service.title}</h1>
        {service.description && <p className={s.lead}>{service.description}</p>}
        <p className={s.lead}>
          Commencez par trouver l’entreprise : son nom, son SIREN, son SIRET ou son numéro de TVA.
        </p>
        <SearchCombobox
          action={`${path}/resultats`}
          label={`${service.title} : nom, SIREN ou SIRET de l’entreprise`}
          placeholder="Nom, SIREN, SIRET, n° de TVA…"
        />
      </header>
      <ServiceArticleLinks servicePath={path.slice(1)} />
    </div>
  );
}
