import { z } from 'zod';

/** Request fields shared by feedings and sleeps. */
export const childIdField = z.string({ error: 'childId is required' }).uuid('Child not found');

export const isoInstant = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .refine((value) => /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value)), `${name} must be an ISO date and time`);

export const notesField = z.string().max(1000, 'Notes must be 1000 characters or less').nullable().optional();
