import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { HttpError } from '@nightlight/infrastructure/http/http-errors';
import type { CommandDeps } from '../command-deps';
import type { SessionTokens } from '@nightlight/domain/read-models/users/user-document';
import type { RefreshTokenRecord, RefreshTokenState } from '@nightlight/infrastructure/ports/session-store';

export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/**
 * How long a rotated refresh token may come back without being taken for a copy: two tabs of one
 * browser without Web Locks can both send the stored token within a second.
 */
export const REFRESH_REUSE_GRACE_MS = 30_000;
export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please sign in again.';

export type { SessionTokens };

type SessionDeps = Pick<CommandDeps, 'tokens' | 'sessions' | 'clock'>;

const digest = (secret: string): Buffer => createHash('sha256').update(secret).digest();

/** Whether `secret` is the one whose digest `record` keeps, compared in constant time. */
function secretMatches(record: RefreshTokenRecord, secret: string): boolean {
  const stored = Buffer.from(record.secretDigest, 'hex');
  return stored.length === 32 && timingSafeEqual(digest(secret), stored);
}

/**
 * An access token and a refresh token `tokenId.secret`; only the secret's digest is stored. `familyId`
 * continues a rotation chain: it is the session, which the access token names too.
 */
export async function issueSession(deps: SessionDeps, userId: string, familyId?: string): Promise<SessionTokens> {
  return (await issueTokens(deps, userId, familyId)).session;
}

/**
 * The secret of the refresh token a refresh with `retryKey` issues: the same key and token id give
 * the same secret, so the answer can be given again without the secret being stored anywhere.
 */
const retrySecret = (retryKey: string, tokenId: string): string => createHmac('sha256', retryKey).update(`refresh token ${tokenId}`).digest('base64url');

async function issueTokens(
  deps: SessionDeps,
  userId: string,
  familyId = randomBytes(16).toString('base64url'),
  retryKey?: string,
): Promise<{ tokenId: string; session: SessionTokens }> {
  const tokenId = randomBytes(16).toString('base64url');
  const secret = retryKey === undefined ? randomBytes(32).toString('base64url') : retrySecret(retryKey, tokenId);
  await deps.sessions.saveRefreshToken({
    tokenId,
    familyId,
    userId,
    secretDigest: digest(secret).toString('hex'),
    expiresAt: deps.clock().getTime() + REFRESH_TOKEN_TTL_MS,
  });
  return { tokenId, session: { accessToken: await deps.tokens.issueAccessToken(userId, familyId), refreshToken: `${tokenId}.${secret}` } };
}

const expired = () => new HttpError(401, SESSION_EXPIRED_MESSAGE);

/** A spent token presented with the key it was spent with: the token its refresh issued, and the key. */
interface Retried {
  successorId: string;
  retryKey: string;
}

/**
 * Trades a refresh token for a new pair in the same family. A token is good once: presenting a
 * rotated one means it was copied, so the whole family (the thief's and the owner's newest token)
 * is revoked. Revoked families, expired tokens and tokens from before a "log out everywhere" are refused.
 *
 * A rotated token presented again less than REFRESH_REUSE_GRACE_MS after its rotation is taken for
 * another tab that sent it at the same moment: 401, and the family lives on, so that tab reads the
 * pair the first one stored. The new pair is not sent again to a token alone: only its digest is
 * kept, and whoever replays a copy within the grace window must not get it either.
 *
 * `retryKey` is a secret the client makes for this refresh and keeps until the answer arrives. When
 * the answer is lost (the signal drops, the page is reloaded), the client sends the spent token
 * again with the same key and gets the same refresh token again (see answerAgain).
 */
export async function rotateSession(deps: SessionDeps, presented: string, retryKey?: string): Promise<SessionTokens> {
  const [tokenId, secret, extra] = presented.split('.');
  if (!tokenId || !secret || extra !== undefined) throw expired();
  const now = deps.clock().getTime();
  const found = await deps.sessions.findRefreshToken(tokenId);
  if (!found) throw expired();
  const { record } = found;
  if (!secretMatches(record, secret)) {
    // Whoever knows the id but not the secret has burnt the token anyway: end the family cleanly.
    if ((await deps.sessions.consumeRefreshToken(tokenId, now)).status === 'ok') await deps.sessions.revokeFamily(record.familyId);
    throw expired();
  }
  const keyDigest = retryKey === undefined ? null : digest(retryKey).toString('hex');
  /** The spent token's successor and this refresh's key, when the token was spent with this key. */
  const retriedWith = (state: RefreshTokenState | null): Retried | null =>
    retryKey !== undefined && state?.retry?.keyDigest === keyDigest ? { successorId: state.retry.successorId, retryKey } : null;
  if (found.used) {
    const retried = retriedWith(found);
    return retried ? answerAgain(deps, record, retried, now) : refuseReuse(deps, record.familyId, found.usedAt, now);
  }
  await refuseUnlessCurrent(deps, record, now);
  // The new pair is stored before the old token is spent: a disk that cannot take the write (503)
  // leaves the old token good for the retry. A new token whose old one is then not spent (another
  // tab won the race) was never handed to anyone, and is never used.
  const next = await issueTokens(deps, record.userId, record.familyId, retryKey);
  const consumed = await deps.sessions.consumeRefreshToken(tokenId, now, keyDigest ? { keyDigest, successorId: next.tokenId } : undefined);
  if (consumed.status === 'ok') return next.session;
  // Spent meanwhile by a refresh with the same key: this client's earlier try, whose answer it gave up on.
  const retried = keyDigest === null ? null : retriedWith(await deps.sessions.findRefreshToken(tokenId));
  if (retried) return answerAgain(deps, record, retried, now);
  return refuseReuse(deps, record.familyId, consumed.status === 'reused' ? consumed.usedAt : null, now);
}

/** Refuses a token that expired, whose family was revoked, or that was issued before a "log out everywhere". */
async function refuseUnlessCurrent(deps: SessionDeps, record: RefreshTokenRecord, now: number): Promise<void> {
  if (record.expiresAt <= now || (await deps.sessions.isFamilyRevoked(record.familyId))) throw expired();
  const notBefore = await deps.sessions.tokensNotBefore(record.userId);
  // The session port keeps only the expiry; every refresh token lives exactly REFRESH_TOKEN_TTL_MS.
  const issuedAt = record.expiresAt - REFRESH_TOKEN_TTL_MS;
  if (notBefore !== null && issuedAt < notBefore) throw expired();
}

/**
 * A spent token came back with the retry key it was spent with: the answer that carried its
 * successor was lost, or this is a copy of the request that arrived late. Either way the answer is
 * the same refresh token as before (its secret made again from the key), with a new access token,
 * so a late copy changes nothing. Once the successor has been used, it reached its owner: the token
 * presented is a copy, as any spent token is.
 */
async function answerAgain(deps: SessionDeps, spent: RefreshTokenRecord, { successorId, retryKey }: Retried, now: number): Promise<SessionTokens> {
  await refuseUnlessCurrent(deps, spent, now);
  const successor = await deps.sessions.findRefreshToken(successorId);
  if (!successor) throw expired();
  if (successor.used) return refuseReuse(deps, spent.familyId, successor.usedAt, now);
  const secret = retrySecret(retryKey, successorId);
  // Made with this key, the successor's digest can only match; checked all the same.
  if (!secretMatches(successor.record, secret)) throw expired();
  return { accessToken: await deps.tokens.issueAccessToken(spent.userId, spent.familyId), refreshToken: `${successorId}.${secret}` };
}

/** A token presented after its rotation: a copy (the family is revoked), unless it is another tab's, just now. */
async function refuseReuse(deps: SessionDeps, familyId: string, usedAt: number | null, now: number): Promise<never> {
  const justRotated = usedAt !== null && now - usedAt < REFRESH_REUSE_GRACE_MS;
  if (!justRotated) await deps.sessions.revokeFamily(familyId);
  throw expired();
}
