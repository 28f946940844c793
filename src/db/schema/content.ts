import { char, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Messages sent through the contact form, kept for the support team (see the privacy policy). */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    /** One of CONTACT_TOPICS (src/content/contact.ts). */
    topic: text('topic').notNull(),
    /** The company the message is about, when given. */
    siren: char('siren', { length: 9 }),
    orderReference: text('order_reference'),
    message: text('message').notNull(),
    /** received → answered, or spam. */
    status: text('status').notNull().default('received'),
    createdAt: timestamp('created_at', { mode: 'string', withTimezone: true })
      .notNull()
      .defaultNow(),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt)],
);
