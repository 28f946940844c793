import type { MetadataRoute } from 'next';
import { siteUrl } from '@/loaders/registry-pages';

export const dynamic = 'force-dynamic';

/** Spec section 2: account, payment, login, register, orders and forgot-password stay out of indexes. */
export default function robots(): MetadataRoute.Robots {
  return {
    rules: {
      userAgent: '*',
      allow: '/',
      disallow: [
        '/api/',
        '/mon-compte',
        '/login',
        '/register',
        '/forgot-password',
        '/password-reset',
        '/verify-email',
        '/paiement-securise',
        '/payment',
        '/successful-payment',
        '/commandes',
        '/opposition',
      ],
    },
    sitemap: `${siteUrl()}/sitemap.xml`,
  };
}
