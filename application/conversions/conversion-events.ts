import type { Conversion, ConversionEvent, RiskEvent } from '../../domain/index.js';
import type { OutboxEvent } from '../ports/event-outbox.js';
import { outboxRowsOf } from '../shared/outbox-rows.js';

/** Domain conversion events as outbox rows, in the conversion's own merchant and mode. */
export const toOutbox = (conversion: Conversion, events: readonly (ConversionEvent | RiskEvent)[], at: Date): OutboxEvent[] => outboxRowsOf(conversion, events, at);
