/** What a decider returns: a fact with its data. Ids and metadata are added where it is appended. */
export interface DomainEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
}

/** A business rule refused the command; its message is shown to the user as it is (HTTP 400). */
export class DomainRuleError extends Error {
  constructor(
    message: string,
    readonly path?: string,
  ) {
    super(message);
    this.name = 'DomainRuleError';
  }
}

/** The thing the command is about does not exist, or is not the actor's (HTTP 404). */
export class NotFoundError extends Error {
  constructor(message = 'Not found') {
    super(message);
    this.name = 'NotFoundError';
  }
}

/** The command contradicts what is already recorded (HTTP 409); `details` go into the answer beside the message. */
export class ConflictError extends Error {
  constructor(
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'ConflictError';
  }
}

/** The actor may see the thing but not do this to it: a caregiver at a parent's task (HTTP 403). */
export class ForbiddenError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ForbiddenError';
  }
}

/** The thing existed and is used up or withdrawn for good: an invitation (HTTP 410). */
export class GoneError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GoneError';
  }
}

/** Personal data as it travels in events: sealed with the owner's data key, opaque to the domain. */
export type SealedText = string;
