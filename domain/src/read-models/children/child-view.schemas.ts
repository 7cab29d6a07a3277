import { z } from 'zod';
import { named, viewSchema, written } from '../../shared/view-schema';
import type { ChildView } from './child-document';
import type { InvitationPreview, InvitationView, IssuedInvitation } from './invitation-document';
import type { LoggedBy, Member } from './membership-document';

const role = z.enum(['parent', 'caregiver']);

export const childViewSchema = viewSchema<ChildView>()(
  named(
    z.strictObject({
      id: z.string(),
      displayName: z.string().describe("'' when none"),
      birthDate: z.string().describe('YYYY-MM-DD'),
      sex: z.enum(['Female', 'Male', 'Unknown']),
      nightWindowStart: z.string().describe("'19:00'"),
      nightWindowEnd: z.string().describe("'08:00'"),
      timezone: z.string().describe('IANA time zone name'),
      researchConsent: z.boolean().nullable().describe("Whether a parent agreed to research with the child's anonymised data; null while none has said (not exported)."),
      role: role.describe("The caller's role in the child's family."),
    }),
    'Child',
  ),
);

export const memberSchema = viewSchema<Member>()(
  named(z.strictObject({ memberId: z.string(), displayName: z.string().describe("The member's own, else 'Parent' or 'Caregiver'."), role, isYou: z.boolean() }), 'Member'),
);

export const loggedBySchema = viewSchema<LoggedBy>()(
  named(z.strictObject({ memberId: z.string(), displayName: z.string().describe("'Former member' once they left the family.") }), 'LoggedBy', 'The member who logged or started it.'),
);

const issued = { code: z.string(), url: z.string().describe("'/join/{code}'"), role, expiresAt: z.string() };

export const invitationViewSchema = viewSchema<InvitationView>()(named(z.strictObject({ ...issued, invitedBy: z.string() }), 'Invitation'));

export const issuedInvitationSchema = viewSchema<IssuedInvitation>()(named(z.strictObject(issued), 'IssuedInvitation'));

export const invitationPreviewSchema = viewSchema<InvitationPreview>()(
  named(z.strictObject({ childDisplayName: z.string(), role, invitedBy: z.string(), expiresAt: z.string() }), 'InvitationPreview'),
);

export const writtenChildViewSchema = written(childViewSchema);
export const writtenMemberSchema = written(memberSchema);
export const writtenIssuedInvitationSchema = written(issuedInvitationSchema);
