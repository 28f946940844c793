/**
 * The subscription (Stripe Billing): unlimited downloads of the documents we draw from our own
 * data, and a monthly quota of the kinds that cost us per unit (src/domain/orders.ts).
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { getEnv, siteOrigin } from '@/config/env';
import { preparedQuery, type Db } from '@/db/client';
import { subscriptions, subscriptionUsage, payments } from '@/db/schema';
import { failure, success, type Result } from '@/lib/errors';
import type { SessionUser } from '@/accounts/session';
import { isTestMode, type PaymentProvider, type ProviderSubscription } from './provider';

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** The user's subscription that covers orders now, if any. */
export async function activeSubscription(
  db: Db,
  userId: string,
  now = new Date(),
): Promise<SubscriptionRow | null> {
  const [row] = await activeOf(db).execute({ userId, now });
  return row ?? null;
}

/** Read by the routes that do not read it with the session: built once (`preparedQuery`). */
const activeOf = preparedQuery('subscriptions_active', (db) =>
  db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, sql.placeholder('userId')),
        eq(subscriptions.state, 'active'),
        gt(subscriptions.currentPeriodEnd, sql.placeholder('now')),
      ),
    )
    .orderBy(desc(subscriptions.currentPeriodEnd))
    .limit(1),
);

/** Takes one unit of this period's quota; false when it is used up. Call inside the order's transaction. */
export async function takeQuota(db: Db, sub: SubscriptionRow): Promise<boolean> {
  const quota = getEnv().SUBSCRIPTION_MONTHLY_QUOTA;
  if (quota <= 0) return false;
  const rows = await db
    .insert(subscriptionUsage)
    .values({ subscriptionId: sub.id, periodStart: sub.currentPeriodStart, used: 1 })
    .onConflictDoUpdate({
      target: [subscriptionUsage.subscriptionId, subscriptionUsage.periodStart],
      set: { used: sql`${subscriptionUsage.used} + 1` },
      setWhere: sql`${subscriptionUsage.used} < ${quota}`,
    })
    .returning();
  return rows.length > 0;
}

/** Gives back a unit of quota (an order the quota paid for could not be fulfilled). */
export async function returnQuota(db: Db, userId: string): Promise<void> {
  const sub = await activeSubscription(db, userId);
  if (!sub) return;
  await db
    .update(subscriptionUsage)
    .set({ used: sql`greatest(${subscriptionUsage.used} - 1, 0)` })
    .where(
      and(
        eq(subscriptionUsage.subscriptionId, sub.id),
        eq(subscriptionUsage.periodStart, sub.currentPeriodStart),
      ),
    );
}

export async function quotaUsed(db: Db, sub: SubscriptionRow): Promise<number> {
  const [row] = await db
    .select({ used: subscriptionUsage.used })
    .from(subscriptionUsage)
    .where(
      and(
        eq(subscriptionUsage.subscriptionId, sub.id),
        eq(subscriptionUsage.periodStart, sub.currentPeriodStart),
      ),
    );
  return row?.used ?? 0;
}

/** Records what the provider says of a subscription (idempotent, any order of events). */
export async function upsertSubscription(
  db: Db,
  provider: string,
  sub: ProviderSubscription,
  userIdHint?: string | null,
): Promise<void> {
  const userId = sub.userId ?? userIdHint;
  if (!userId) return;
  await db
    .insert(subscriptions)
    .values({
      id: randomUUID(),
      userId,
      provider,
      providerSubscriptionId: sub.id,
      state: sub.status,
      cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
      currentPeriodStart: sub.currentPeriodStart,
      currentPeriodEnd: sub.currentPeriodEnd,
    })
    .onConflictDoUpdate({
      target: [subscriptions.provider, subscriptions.providerSubscriptionId],
      set: {
        state: sub.status,
        cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
        currentPeriodStart: sub.currentPeriodStart,
        currentPeriodEnd: sub.currentPeriodEnd,
        updatedAt: sql`now()`,
      },
    });
}

export type SubscriptionJson = {
  active: boolean;
  price_cents: number;
  monthly_quota: number;
  quota_used: number;
  current_period_end: string | null;
  cancel_at_period_end: boolean;
};

export async function subscriptionStatus(db: Db, userId: string): Promise<SubscriptionJson> {
  const env = getEnv();
  const sub = await activeSubscription(db, userId);
  return {
    active: sub !== null,
    price_cents: env.SUBSCRIPTION_PRICE_CENTS,
    monthly_quota: env.SUBSCRIPTION_MONTHLY_QUOTA,
    quota_used: sub ? await quotaUsed(db, sub) : 0,
    current_period_end: sub?.currentPeriodEnd.toISOString() ?? null,
    cancel_at_period_end: sub?.cancelAtPeriodEnd ?? false,
  };
}

/** Opens the subscription's checkout; the answer is where to pay. */
export async function startSubscriptionCheckout(
  db: Db,
  user: SessionUser,
  provider: PaymentProvider,
): Promise<Result<{ url: string }>> {
  if (await activeSubscription(db, user.id)) {
    return failure('CONFLICT', 'Vous êtes déjà abonné.');
  }
  const env = getEnv();
  const [{ n }] = (await db
    .select({ n: sql<number>`count(*)::int` })
    .from(payments)
    .where(and(eq(payments.userId, user.id), eq(payments.mode, 'subscription')))) as [
    { n: number },
  ];
  const base = isTestMode() ? '' : siteOrigin();
  const session = await provider.createCheckout(
    {
      mode: 'subscription',
      userId: user.id,
      email: user.email,
      label: 'Abonnement mensuel',
      amountCents: env.SUBSCRIPTION_PRICE_CENTS,
      successUrl: `${base}/mon-compte?abonnement=ok`,
      cancelUrl: `${base}/nos-tarifs`,
    },
    `subscription-${user.id}-${n}`,
  );
  await db
    .insert(payments)
    .values({
      id: randomUUID(),
      userId: user.id,
      mode: 'subscription',
      provider: provider.name,
      providerSessionId: session.id,
      amountCents: env.SUBSCRIPTION_PRICE_CENTS,
    })
    .onConflictDoNothing();
  return session.url ? success({ url: session.url }) : failure('SERVICE_UNAVAILABLE');
}

/** Cancels at the end of the paid period (the user keeps what was paid for). */
export async function cancelSubscription(
  db: Db,
  user: SessionUser,
  provider: PaymentProvider,
): Promise<Result<SubscriptionJson>> {
  const sub = await activeSubscription(db, user.id);
  if (!sub) return failure('NOT_FOUND', 'Aucun abonnement en cours.');
  const next = await provider.cancelSubscription(
    sub.providerSubscriptionId,
    `cancel-${sub.providerSubscriptionId}`,
  );
  await upsertSubscription(db, provider.name, next, user.id);
  return success(await subscriptionStatus(db, user.id));
}
