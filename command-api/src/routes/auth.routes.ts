import type { FastifyInstance, FastifyReply } from 'fastify';
import { emailStreamId, userStreamId } from '@nightlight/domain/shared/stream-ids';
import { sessionTokensSchema, signedInSchema, writtenSignedInSchema } from '@nightlight/domain/read-models/users/user-view.schemas';
import { HttpError, parseInput } from '@nightlight/infrastructure/http/http-errors';
import { PUBLIC, routeSchema } from '@nightlight/infrastructure/http/route-schemas';
import type { CommandDeps } from '../command-deps';
import { decideWithRetry, emailReservationDecider, findActiveUserByEmailDigest, loadUser, reserveEmail, userDecider } from '../accounts/account-streams';
import { loginBody, refreshBody, registerBody } from '../accounts/account-schemas';
import { enforceLimit } from '../accounts/attempt-limiter';
import { configuredAttemptLimiter } from '../accounts/configured-attempt-limiter';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../accounts/password-hashing';
import { issuePersonalReferralCode, redeemReferralCode } from '../accounts/referral-codes';
import { issueSession, rotateSession } from '../accounts/session-tokens';
import { userViewOf } from '../accounts/user-view';
import { acceptInvitation, checkInvitation } from '../commands/invitations';
import { correlationIdOf, sendWritten } from '../write-reply';

const INVALID_CREDENTIALS = 'Invalid email or password';
const TAGS = ['Accounts'];

const registerSchema = routeSchema({
  summary: 'Sign up',
  description: 'With a referral code, or with an invitation code instead (`invitationCode`): the new account then joins the child at once.',
  tags: TAGS,
  security: PUBLIC,
  body: registerBody,
  answers: { 201: writtenSignedInSchema },
  errors: [400, 404, 409, 410, 429],
});
const loginSchema = routeSchema({ summary: 'Sign in', tags: TAGS, security: PUBLIC, body: loginBody, answers: { 200: signedInSchema }, errors: [400, 401, 429] });
const refreshSchema = routeSchema({
  summary: 'New tokens for a refresh token',
  description:
    'The refresh token is used up: every use answers with a new one. With `retryKey` (a random string the client keeps until the answer arrives), the same token and key sent again after a lost answer get the same refresh token again.',
  tags: TAGS,
  security: PUBLIC,
  body: refreshBody,
  answers: { 200: sessionTokensSchema },
  errors: [400, 401, 429],
});

/** The public routes: sign-up, sign-in and token refresh, each rate-limited per IP and per e-mail. */
export function authRoutes(deps: CommandDeps) {
  const { config, eventStore, cipher, clock, newId } = deps;

  /**
   * A sign-up that failed after reserving its address gives the address back, unless UserRegistered
   * made it in after all (an append can succeed and still report an error). If even this fails, the
   * reservation is taken over once it is old enough (see reserveEmail).
   */
  async function releaseUnlessRegistered(userId: string, emailDigest: string, context: { userId: string; correlationId: string }): Promise<void> {
    try {
      if ((await loadUser(eventStore, userId)).status !== 'none') return;
      await decideWithRetry(deps, emailStreamId(emailDigest), emailReservationDecider, { type: 'ReleaseEmail', data: { userId } }, context);
    } catch {
      // The original failure is what the caller must hear about.
    }
  }

  return async function routes(app: FastifyInstance): Promise<void> {
    const limiter = configuredAttemptLimiter(config, clock);
    app.addHook('onClose', () => limiter.close());

    const limitIp = (action: string, ip: string, reply: FastifyReply) =>
      enforceLimit(limiter, reply, `${action}:ip:${ip}`, config.RATE_LIMIT_PER_IP, clock());
    // Keyed by the address's digest: the limiter never holds an address in plain text.
    const limitEmail = (action: string, emailDigest: string, reply: FastifyReply) =>
      enforceLimit(limiter, reply, `${action}:email:${emailDigest}`, config.RATE_LIMIT_PER_EMAIL, clock());

    app.post('/api/auth/register', { schema: registerSchema }, async (request, reply) => {
      await limitIp('register', request.ip, reply);
      const body = parseInput(registerBody, request.body);
      const emailDigest = cipher.emailDigest(body.email);
      await limitEmail('register', emailDigest, reply);
      const userId = newId();
      const context = { userId, correlationId: correlationIdOf(request) };

      // The code is spent before the address is reserved: when the address turns out to be taken,
      // that use is gone (documented in docs/accounts.md); the reverse order would lock an address
      // behind a failed code instead. An invitation is checked first and spent after the address is
      // reserved, so a taken address never uses up a parent's invitation.
      if (body.invitationCode !== null) await checkInvitation(deps, body.invitationCode);
      else await redeemReferralCode(deps, body.referralCode, userId);
      await reserveEmail(deps, emailDigest, userId, context);
      let registered;
      try {
        if (body.invitationCode !== null) await acceptInvitation(deps, body.invitationCode, userId, context.correlationId);
        // Hashing is deliberately slow: it comes after the checks that turn most bad sign-ups away.
        const passwordHash = await hashPassword(body.password);
        const referralCode = await issuePersonalReferralCode(deps, userId);
        registered = await decideWithRetry(
          deps,
          userStreamId(userId),
          userDecider,
          {
            type: 'RegisterUser',
            data: {
              userId,
              email: await cipher.seal(userId, body.email),
              emailDigest,
              passwordHash: await cipher.seal(userId, passwordHash),
              referralCode,
            },
          },
          context,
        );
      } catch (error) {
        await releaseUnlessRegistered(userId, emailDigest, context);
        throw error;
      }
      const session = await issueSession(deps, userId);
      return sendWritten(reply, 201, { user: await userViewOf(deps, registered.state), ...session }, registered.position);
    });

    app.post('/api/auth/login', { schema: loginSchema }, async (request, reply) => {
      await limitIp('login', request.ip, reply);
      const body = parseInput(loginBody, request.body);
      const emailDigest = cipher.emailDigest(body.email);
      await limitEmail('login', emailDigest, reply);
      // An unknown address does the same work as a known one with a wrong password: a user stream
      // read, a key read and unwrapped, a sealed hash opened, and scrypt with the same parameters.
      const user = await findActiveUserByEmailDigest(eventStore, emailDigest);
      const storedHash = user?.passwordHash ? await cipher.open(user.userId!, user.passwordHash, { fromKeyStore: true }) : await cipher.openDecoy();
      const valid = await verifyPassword(body.password, storedHash ?? (await dummyPasswordHash()));
      if (!user || !storedHash || !valid) throw new HttpError(401, INVALID_CREDENTIALS);
      const session = await issueSession(deps, user.userId!);
      return reply.status(200).send({ user: await userViewOf(deps, user), ...session });
    });

    app.post('/api/auth/refresh', { schema: refreshSchema }, async (request, reply) => {
      await limitIp('refresh', request.ip, reply);
      const body = parseInput(refreshBody, request.body);
      return reply.status(200).send(await rotateSession(deps, body.refreshToken, body.retryKey));
    });
  };
}
