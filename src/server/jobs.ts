/**
 * The composition root of background work: every module that declares a job kind (`defineJob`),
 * imported for its declarations, so that a process working the queue (`startJobWorkers`) or
 * enqueueing a kind by name (`enqueueByName`) knows every kind. Add one line per module.
 */
import '@/mail/queue';
import '@/accounts/alerts/jobs';
import '@/accounts/saved-searches/jobs';
import '@/orders/jobs';
import '@/content/jobs';
import '@/payments/test-provider';
import '@/ingest/schedule';
import '@/ingest/labels-daily';
import './search-rebuild';
