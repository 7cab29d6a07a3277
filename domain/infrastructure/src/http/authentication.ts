import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { InvalidTokenError } from '../auth/hs256-jwt';
import type { TokenService, VerifiedAccess } from '../auth/token-service';
import type { SessionStore } from '../ports/session-store';
import { HttpError } from './http-errors';

declare module 'fastify' {
  interface FastifyRequest {
    userId: string;
    /** The access token the request came with, as verified. */
    access: VerifiedAccess;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  return header.slice('Bearer '.length).trim() || null;
}

/**
 * Whether a verified access token is still unrevoked: issued after the user's last "log out
 * everywhere" (password change, account deletion), and its session not signed out. A request is
 * checked once; what it keeps open (a live stream) is checked again on revocations.
 */
export async function accessStillStands(sessions: SessionStore, access: VerifiedAccess): Promise<boolean> {
  const [notBefore, sessionRevoked] = await Promise.all([
    sessions.tokensNotBefore(access.userId),
    access.sessionId === null ? false : sessions.isFamilyRevoked(access.sessionId),
  ]);
  // iat has whole-second precision, so the tokens handed out right after a password change (same
  // second) stay valid; account deletion revokes with an instant far in the future instead.
  return !sessionRevoked && (notBefore === null || access.issuedAt >= Math.floor(notBefore / 1000));
}

/**
 * Admits to the routes of `scope` only a request with a valid parent access token that still
 * stands. The fields it sets are declared on the scope's requests, so every request there is made
 * with them and keeps one shape, as Fastify asks of fields added to a request.
 */
export function admitParents(scope: FastifyInstance, tokens: TokenService, sessions: SessionStore): void {
  scope.decorateRequest('userId');
  scope.decorateRequest('access');
  scope.addHook('preHandler', requireParent(tokens, sessions));
}

/** A preHandler that admits a request with a valid parent access token that still stands, and sets request.userId. */
function requireParent(tokens: TokenService, sessions: SessionStore) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const token = bearerToken(request);
    if (!token) throw new HttpError(401, 'Authentication required');
    let access: VerifiedAccess;
    try {
      access = await tokens.verifyAccessToken(token);
    } catch (error) {
      if (error instanceof InvalidTokenError) throw new HttpError(401, 'Your session has expired. Please sign in again.');
      throw error;
    }
    if (!(await accessStillStands(sessions, access))) throw new HttpError(401, 'Your session has expired. Please sign in again.');
    request.userId = access.userId;
    request.access = access;
  };
}

export { bearerToken };
