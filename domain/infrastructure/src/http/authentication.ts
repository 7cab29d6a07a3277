import type { FastifyReply, FastifyRequest } from 'fastify';
import { InvalidTokenError } from '../auth/hs256-jwt';
import type { TokenService } from '../auth/token-service';
import type { SessionStore } from '../ports/session-store';
import { HttpError } from './http-errors';

declare module 'fastify' {
  interface FastifyRequest {
    userId: string;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  return header.slice('Bearer '.length).trim() || null;
}

/**
 * A preHandler that admits a request with a valid parent access token, issued after the user's last
 * "log out everywhere" (password change, account deletion), and sets request.userId.
 */
export function requireParent(tokens: TokenService, sessions: SessionStore) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const token = bearerToken(request);
    if (!token) throw new HttpError(401, 'Authentication required');
    let claims: { userId: string; issuedAt: number };
    try {
      claims = await tokens.verifyAccessToken(token);
    } catch (error) {
      if (error instanceof InvalidTokenError) throw new HttpError(401, 'Your session has expired. Please sign in again.');
      throw error;
    }
    const notBefore = await sessions.tokensNotBefore(claims.userId);
    // iat has whole-second precision, so the tokens handed out right after a password change (same
    // second) stay valid; account deletion revokes with an instant far in the future instead.
    if (notBefore !== null && claims.issuedAt < Math.floor(notBefore / 1000)) {
      throw new HttpError(401, 'Your session has expired. Please sign in again.');
    }
    request.userId = claims.userId;
  };
}

export { bearerToken };
