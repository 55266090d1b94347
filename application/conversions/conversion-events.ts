import type { Conversion, ConversionEvent } from '../../domain/index.js';
import type { OutboxEvent } from '../ports/event-outbox.js';

/** Domain conversion events as outbox rows, in the conversion's own merchant and mode. */
export const toOutbox = (conversion: Conversion, events: readonly ConversionEvent[], at: Date): OutboxEvent[] =>
  events.map((event) => ({
    merchantId: conversion.merchantId,
    mode: conversion.mode,
    type: event.type,
    payload: { ...event.payload },
    occurredAt: at,
  }));
