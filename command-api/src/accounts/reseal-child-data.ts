import type { ChildCommand } from '@nightlight/domain/children/child.decider';
import type { ChildState } from '@nightlight/domain/children/child.events';
import { entryKind } from '@nightlight/domain/entries/all-entry-kinds';
import { sealedTexts } from '@nightlight/domain/entries/sealed-fields';
import { detailsOf, TIMELINE_COLLECTION, type TimelineDocument } from '@nightlight/domain/read-models/timeline/timeline-document';
import { childStreamId } from '@nightlight/domain/shared/stream-ids';
import type { CommandDeps } from '../command-deps';
import { decideWithRetry, type AccountCommandContext } from './account-streams';
import { childDecider } from './child-decider';

/**
 * Before children had keys, a child's data was sealed with the key of the parent who wrote it. When
 * that parent deletes their account and the child stays with its family, what they sealed is sealed
 * again with the child's key before their key is destroyed: the profile, and the notes and
 * other free text of the entries they logged. Data written since is the child's already and left
 * alone, so running this again writes nothing. Returns the last position written, 0 for none.
 */
export async function resealBeforeLeaving(deps: CommandDeps, userId: string, childId: string, child: ChildState, context: AccountCommandContext): Promise<number> {
  const { cipher } = deps;
  let position = 0;
  const reseal = async (sealed: string) => (await cipher.isSealedForChild(childId, sealed) ? null : cipher.sealForChild(childId, (await cipher.open(userId, sealed)) ?? ''));

  if (child.profile && child.ownerId === userId && !(await cipher.isSealedForChild(childId, child.profile.displayName))) {
    const open = async (sealed: string) => (await cipher.open(userId, sealed)) ?? '';
    const profile = { ...child.profile, displayName: await cipher.sealForChild(childId, await open(child.profile.displayName)), birthDate: await cipher.sealForChild(childId, await open(child.profile.birthDate)) };
    const command: ChildCommand = { type: 'UpdateChildProfile', data: { childId, actorId: userId, ...profile } };
    position = (await decideWithRetry(deps, childStreamId(childId), childDecider, command, context)).position;
  }

  const logged = await deps.readStore.collection<TimelineDocument>(TIMELINE_COLLECTION).find({ childId, ownerId: userId }, { readOnly: true });
  for (const entry of logged) {
    const kind = entryKind(entry.kind);
    const notes = await reseal(entry.sealedNotes);
    const texts = sealedTexts(detailsOf(entry), kind.sealed);
    let changed = notes !== null;
    for (const [name, text] of Object.entries(texts)) {
      const resealed = text && (await reseal(text));
      if (!resealed) continue;
      texts[name] = resealed;
      changed = true;
    }
    if (!changed) continue;
    const command = kind.resealNotes(entry._id, notes ?? entry.sealedNotes, texts);
    const written = await decideWithRetry(deps, kind.streamId(entry._id), kind.decider, command, context);
    position = Math.max(position, written.position);
  }
  return position;
}
