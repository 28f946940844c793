/**
 * The jobs of the orders area. Fulfilment retries a failing generator, then its dead letter marks
 * the order unfulfillable and refunds it. Handlers are idempotent (at-least-once delivery).
 */
import { getDb } from '@/db/site';
import { defineJob } from '@/jobs';
import { JOB_NAMES } from '@/jobs/names';
import {
  fulfilOrder,
  markUnfulfillable,
  refundOrder,
  UNFULFILLABLE_AFTER_RETRIES,
} from './fulfilment';

export const fulfilOrderJob = defineJob<{ orderId: string }>(
  JOB_NAMES.fulfilOrder,
  async ({ orderId }) => {
    await fulfilOrder(getDb(), orderId);
  },
  {
    retryLimit: 3,
    retryDelaySeconds: 10,
    expireInSeconds: 120,
    onDeadLetter: async ({ orderId }) => {
      await markUnfulfillable(getDb(), orderId, UNFULFILLABLE_AFTER_RETRIES);
    },
  },
);

export const refundOrderJob = defineJob<{ orderId: string }>(
  JOB_NAMES.refundOrder,
  async ({ orderId }) => {
    await refundOrder(getDb(), orderId);
  },
  { retryLimit: 10, retryDelaySeconds: 60 },
);
