export * from './webhook-events.js';
export * from './webhook-subscription.js';
export * from './webhook-delivery.js';
export * from './webhook-envelope.js';
