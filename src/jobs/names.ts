/**
 * Names of the job kinds that one feature asks of another. The owner declares the kind under this
 * name (`defineJob`); the asker enqueues it by name (`enqueueByName`) without importing the owner,
 * so features never import each other in a circle (payments → order fulfilment).
 */
export const JOB_NAMES = {
  fulfilOrder: 'orders.fulfil',
  refundOrder: 'orders.refund',
} as const;
