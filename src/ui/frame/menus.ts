import type { BusinessListItem, BusinessListType } from '@/i18n/fr/nav';
import type { IconName } from '@/ui/icons/paths';
import { messages } from '@/i18n';
import { serviceTypes, type Service, type ServiceType } from '@/domain/catalogue';

/** Business-list types in menu order, with their icons (spec section 2, "Business-list menu"). */
export const businessListTypes: readonly BusinessListType[] = [
  'company-creation',
  'files',
  'lexicon',
  'tips',
  'b2b',
];

export const businessListIcons: Record<BusinessListType, IconName> = {
  'company-creation': 'rocket',
  files: 'folder',
  lexicon: 'book',
  tips: 'lightbulb',
  b2b: 'business',
};

export type BusinessListGroup = {
  type: BusinessListType;
  title: string;
  link?: string;
  icon: IconName;
  items: BusinessListItem[];
};

/**
 * Groups the entries by type, in menu order. A group's title and link are the first typeTitle
 * and typeLink given by one of its entries, else the type's name.
 */
export function groupBusinessList(items: readonly BusinessListItem[]): BusinessListGroup[] {
  return businessListTypes
    .map((type) => {
      const of = items.filter((i) => i.type === type);
      return {
        type,
        title: of.find((i) => i.typeTitle)?.typeTitle ?? messages.nav.businessListTypes[type],
        link: of.find((i) => i.typeLink)?.typeLink,
        icon: businessListIcons[type],
        items: of,
      };
    })
    .filter((g) => g.items.length > 0);
}

export type ServiceGroup = { type: ServiceType; title: string; services: Service[] };

/** Services grouped by type, in the catalogue's type order. */
export function groupServices(list: readonly Service[]): ServiceGroup[] {
  return serviceTypes
    .map((type) => ({
      type,
      title: messages.services.types[type],
      services: list.filter((s) => s.type === type),
    }))
    .filter((g) => g.services.length > 0);
}
