import type { z } from 'zod';
import { ENTRY_EVENT_DEFINITIONS } from '../entries/all-entry-kinds';
import { childEventDefinitions } from './child.event-schemas';
import { entrySlotEventDefinitions } from './entry-slot.event-schemas';
import { emailReservationEventDefinitions } from './email-reservation.event-schemas';
import type { EventDefinition } from './event-definition';
import { growthEventDefinitions } from './growth.event-schemas';
import { invitationCodeEventDefinitions } from './invitation-code.event-schemas';
import { milestoneAlertEventDefinitions } from './milestone-alert.event-schemas';
import { referralCodeEventDefinitions } from './referral-code.event-schemas';
import { referralRegistryEventDefinitions } from './referral-registry.event-schemas';
import { runningTimerEventDefinitions, timerEventDefinitions } from './timer.event-schemas';
import { userEventDefinitions } from './user.event-schemas';

export type EventRegistry = Readonly<Record<string, EventDefinition>>;

/** Every event type the system appends, with the schema and version it is written with today. */
export const eventRegistry = {
  ...userEventDefinitions,
  ...emailReservationEventDefinitions,
  ...referralCodeEventDefinitions,
  ...referralRegistryEventDefinitions,
  ...childEventDefinitions,
  ...invitationCodeEventDefinitions,
  ...milestoneAlertEventDefinitions,
  // Every kind of entry's, from its definition.
  ...ENTRY_EVENT_DEFINITIONS,
  ...growthEventDefinitions,
  ...entrySlotEventDefinitions,
  ...timerEventDefinitions,
  ...runningTimerEventDefinitions,
} satisfies EventRegistry;

export type RegisteredEventType = keyof typeof eventRegistry;

/** The shape upcasting needs; structural, so the domain stays free of the event store port. */
export interface VersionedEvent {
  type: string;
  data: unknown;
  metadata: { schemaVersion: number };
}

function findDefinition(registry: EventRegistry, type: string): EventDefinition | undefined {
  return Object.hasOwn(registry, type) ? registry[type] : undefined;
}

function requireDefinition(registry: EventRegistry, type: string): EventDefinition {
  const definition = findDefinition(registry, type);
  if (!definition) throw new Error(`Event type "${type}" is not in the event registry: give it a schema before appending it`);
  return definition;
}

function describeIssues(error: z.ZodError): string {
  return error.issues.map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message)).join('; ');
}

/** The version an event of this type is written with now (goes into metadata.schemaVersion). */
export function schemaVersionOf(type: string, registry: EventRegistry = eventRegistry): number {
  return requireDefinition(registry, type).version;
}

/**
 * Refuses data that does not match its type's current schema. Request input is validated at the
 * edge, so a failure here is a bug in the code that built the event (a 500), and nothing is written.
 */
export function validateEventData(type: string, data: unknown, registry: EventRegistry = eventRegistry): void {
  const result = requireDefinition(registry, type).schema.safeParse(data);
  if (!result.success) throw new Error(`Event ${type} has invalid data: ${describeIssues(result.error)}`);
}

/**
 * Lifts an event recorded under an older schema version to the current one, one upcaster per step,
 * and records the version the data now conforms to. The stored event is never rewritten: this runs
 * on every read. A type the registry does not know, or a version newer than this code knows (a
 * newer release wrote it), is handed out as recorded.
 */
export function upcastEvent<Event extends VersionedEvent>(event: Event, registry: EventRegistry = eventRegistry): Event {
  const definition = findDefinition(registry, event.type);
  if (!definition) return event;
  const recorded = event.metadata.schemaVersion;
  if (!Number.isInteger(recorded)) throw new Error(`Event ${event.type} has no integer metadata.schemaVersion (found ${String(recorded)})`);
  if (recorded >= definition.version) return event;

  let data = event.data;
  for (let version = recorded; version < definition.version; version += 1) {
    const upcaster = definition.upcasters[version];
    if (!upcaster) throw new Error(`Event ${event.type} recorded as version ${recorded} cannot be read: no upcaster from version ${version} to ${version + 1}`);
    data = upcaster(data);
  }
  return { ...event, data, metadata: { ...event.metadata, schemaVersion: definition.version } };
}
