/**
 * The messages of the « Commander pour … » button (src/ui/orders/OrderButton.tsx), part of the
 * orders namespace (orders.ts spreads them): a module of their own so that the company page's
 * first-load JavaScript carries these five strings, not the whole namespace (issue 38).
 */
export default {
  orderFor: 'Commander pour {price}',
  ordering: 'Commande en cours…',
  loginFirst:
    'Connectez-vous ou créez un compte pour commander : vous reviendrez ensuite à votre commande.',
  'same-order-pending': 'Une commande identique est déjà en cours : nous vous y conduisons.',
  genericError: 'La commande n’a pas pu être passée. Réessayez dans un instant.',
} as const;
