import { getDb } from '@/db/site';
import { defineJob } from '@/jobs';
import { log } from '@/lib/log';
import { purgeContactMessages } from './contact';

/**
 * Every night at 4 a.m. (Paris), the contact form's messages older than the retention the privacy
 * policy announces are deleted. `npm run ops -- contact-purge` does the same at once.
 */
defineJob<{ day: string }>(
  'content.contact-purge',
  async ({ day }) => {
    const deleted = await purgeContactMessages(getDb(), new Date());
    log().info({ day, deleted }, 'contact messages purged');
  },
  { dailyAtParisHour: 4, retryLimit: 3, retryDelaySeconds: 600 },
);
