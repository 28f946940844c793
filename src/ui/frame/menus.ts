import nav, { type BusinessListItem, type BusinessListType } from '@/i18n/fr/nav';
import servicesMessages from '@/i18n/fr/services';
import {
  bookIcon,
  businessIcon,
  folderIcon,
  lightbulbIcon,
  rocketIcon,
} from '@/ui/icons/firstLoad';
import { serviceTypes, type Service, type ServiceType } from '@/domain/catalogue';

// The header's mega-menus are Client Components (./MegaPanels.tsx): this module imports one
// message namespace at a time and one icon at a time, so that it ships only those.

/** Business-list types in menu order, with their icons (spec section 2, "Business-list menu"). */
export const businessListTypes: readonly BusinessListType[] = [
  'company-creation',
  'files',
  'lexicon',
  'tips',
  'b2b',
];

/** The icons' path data (src/ui/icons/paths.ts), for `SvgIcon`. */
export const businessListIcons: Record<BusinessListType, readonly string[]> = {
  'company-creation': rocketIcon,
  files: folderIcon,
  lexicon: bookIcon,
  tips: lightbulbIcon,
  b2b: businessIcon,
};

export type BusinessListGroup = {
  type: BusinessListType;
  title: string;
  link?: string;
  icon: readonly string[];
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
        title: of.find((i) => i.typeTitle)?.typeTitle ?? nav.businessListTypes[type],
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
      title: servicesMessages.types[type],
      services: list.filter((s) => s.type === type),
    }))
    .filter((g) => g.services.length > 0);
}
