import { randomBytes } from 'node:crypto';
import type { ChildStreamState } from '@nightlight/domain/children/child-stream.decider';
import { INVITATION_NOT_FOUND, invitationRefusal } from '@nightlight/domain/children/child.decider';
import { INVITATION_CODE_ALPHABET, INVITATION_CODE_LENGTH, normalizeInvitationCode, type InvitationCodeIssued } from '@nightlight/domain/children/invitation-code';
import { GoneError, NotFoundError } from '@nightlight/domain/shared/domain-event';
import { childStreamId, invitationStreamId } from '@nightlight/domain/shared/stream-ids';
import { linkChildToAccount, loadState } from '../accounts/account-streams';
import type { CommandDeps } from '../command-deps';
import { handleCommand, type CommandResult } from '../command-handler';
import { childStreamDecider } from './child-stream-decider';

/** A code of INVITATION_CODE_LENGTH characters drawn evenly from the alphabet (bytes past the last whole round are drawn again). */
export function newInvitationCode(): string {
  const alphabet = INVITATION_CODE_ALPHABET;
  const limit = 256 - (256 % alphabet.length);
  let code = '';
  while (code.length < INVITATION_CODE_LENGTH) {
    for (const byte of randomBytes(16)) if (byte < limit && code.length < INVITATION_CODE_LENGTH) code += alphabet[byte % alphabet.length];
  }
  return code;
}

/** The invitation a code names, and its child, from the code's own stream (never a read model). */
export async function findInvitation(deps: Pick<CommandDeps, 'eventStore' | 'cipher'>, input: string): Promise<{ invitationId: string; childId: string }> {
  const code = normalizeInvitationCode(input);
  if (!code) throw new NotFoundError(INVITATION_NOT_FOUND);
  const invitationId = deps.cipher.invitationDigest(code);
  const [issued] = await deps.eventStore.readStream(invitationStreamId(invitationId));
  if (!issued) throw new NotFoundError(INVITATION_NOT_FOUND);
  return { invitationId, childId: (issued.data as InvitationCodeIssued['data']).childId };
}

/** Refuses an invitation that cannot be used (404, 410) without using it: a sign-up checks it before anything else. */
export async function checkInvitation(deps: CommandDeps, input: string): Promise<void> {
  const { invitationId, childId } = await findInvitation(deps, input);
  const { child } = await loadState(deps.eventStore, childStreamId(childId), childStreamDecider);
  const refusal = invitationRefusal(child, invitationId, deps.clock());
  if (refusal) throw new GoneError(refusal);
}

/**
 * Joins the user to the child's family. The child's stream decides with an expected revision, so
 * two people accepting one code at once cannot both join. The child is then linked to the account,
 * so deleting the account finds every family the user belongs to.
 */
export async function acceptInvitation(deps: CommandDeps, input: string, userId: string, correlationId: string): Promise<CommandResult<ChildStreamState>> {
  const { invitationId, childId } = await findInvitation(deps, input);
  const now = deps.clock();
  const result = await handleCommand(deps.eventStore, childStreamId(childId), childStreamDecider, { type: 'AcceptInvitation', data: { childId, invitationId, memberId: userId, now } }, {
    userId,
    correlationId,
    now,
    newId: deps.newId,
  });
  await linkChildToAccount(deps, userId, childId, correlationId);
  return result;
}

/** Records which child a new code belongs to, before the child's stream records the invitation. */
export async function recordInvitationCode(deps: CommandDeps, invitationId: string, childId: string, context: { userId: string; correlationId: string }): Promise<void> {
  await handleCommand(
    deps.eventStore,
    invitationStreamId(invitationId),
    {
      initialState: () => false,
      evolve: () => true,
      decide: (_command: null, issued: boolean) => (issued ? [] : [{ type: 'InvitationCodeIssued', data: { invitationId, childId } }]),
    },
    null,
    { ...context, now: deps.clock(), newId: deps.newId },
  );
}

