import type { FastifyInstance, FastifyReply } from 'fastify';
import { emailStreamId, userStreamId } from '@nightlight/domain/shared/stream-ids';
import type { UserState } from '@nightlight/domain/users/user.events';
import { writtenAccountEmailSchema, writtenPasswordChangedSchema, writtenUserViewSchema } from '@nightlight/domain/read-models/users/user-view.schemas';
import { okAnswerSchema, writtenOkSchema } from '@nightlight/domain/shared/answers.schemas';
import { HttpError, parseInput } from '@nightlight/infrastructure/http/http-errors';
import { routeSchema } from '@nightlight/infrastructure/http/route-schemas';
import type { CommandDeps } from '../command-deps';
import { decideWithRetry, emailReservationDecider, loadUser, reserveEmail, userDecider } from '../accounts/account-streams';
import { changeEmailBody, changePasswordBody, deleteAccountBody, logoutBody, updateMeBody } from '../accounts/account-schemas';
import { anonymizeAccount } from '../accounts/anonymize-account';
import { enforceLimit } from '../accounts/attempt-limiter';
import { configuredAttemptLimiter } from '../accounts/configured-attempt-limiter';
import { hashPassword, verifyPassword } from '../accounts/password-hashing';
import { issueSession } from '../accounts/session-tokens';
import { userViewOf } from '../accounts/user-view';
import { correlationIdOf, sendWritten } from '../write-reply';

const WRONG_PASSWORD = 'Current password is incorrect';
const TAGS = ['Accounts'];

const updateMeSchema = routeSchema({ summary: 'Change your display name, units, language or onboarding flag', tags: TAGS, body: updateMeBody, answers: { 200: writtenUserViewSchema }, errors: [400] });
const changeEmailSchema = routeSchema({ summary: 'Change your e-mail address', tags: TAGS, body: changeEmailBody, answers: { 200: writtenAccountEmailSchema }, errors: [400, 409, 429] });
const changePasswordSchema = routeSchema({
  summary: 'Change your password',
  description: 'Every other session is signed out; this one continues with the tokens of the answer.',
  tags: TAGS,
  body: changePasswordBody,
  answers: { 200: writtenPasswordChangedSchema },
  errors: [400, 429],
});
const deleteAccountSchema = routeSchema({
  summary: 'Delete your account',
  description: "Answers once AccountDeleted is recorded, even if what follows is left to a job.",
  tags: TAGS,
  body: deleteAccountBody,
  answers: { 200: writtenOkSchema },
  errors: [400, 429],
});

const logoutSchema = routeSchema({
  summary: 'Sign out: this session, or every session of the account',
  description: "The session's refresh token stops working, and so do its access tokens and the live streams they opened; with `everywhere`, every session's.",
  tags: TAGS,
  body: logoutBody,
  answers: { 200: okAnswerSchema },
  errors: [400],
});

/** The signed-in parent's own account: profile flags, e-mail, password, deletion, signing out. Registered inside the parent scope. */
export function accountRoutes(deps: CommandDeps) {
  const { config, eventStore, cipher, sessions, clock } = deps;

  async function activeUser(userId: string): Promise<UserState> {
    const user = await loadUser(eventStore, userId);
    if (user.status !== 'active') throw new HttpError(404, 'Account not found');
    return user;
  }

  async function checkPassword(user: UserState, password: string): Promise<void> {
    const stored = user.passwordHash ? await cipher.open(user.userId!, user.passwordHash) : null;
    if (!stored || !(await verifyPassword(password, stored))) throw new HttpError(400, WRONG_PASSWORD, [{ path: 'currentPassword', message: WRONG_PASSWORD }]);
  }

  return async function routes(app: FastifyInstance): Promise<void> {
    const limiter = configuredAttemptLimiter(config, clock);
    app.addHook('onClose', () => limiter.close());
    /**
     * A stolen session must not become a way to guess the password: every route that checks the
     * current password counts against one budget per account, the same as sign-in's per address.
     */
    const limitPasswordChecks = (userId: string, reply: FastifyReply) =>
      enforceLimit(limiter, reply, `password-check:user:${userId}`, config.RATE_LIMIT_PER_EMAIL, clock());

    app.patch('/api/me', { schema: updateMeSchema }, async (request, reply) => {
      const body = parseInput(updateMeBody, request.body);
      const userId = request.userId;
      await activeUser(userId);
      const context = { userId, correlationId: correlationIdOf(request) };
      let result = null;
      if (body.displayName !== undefined) {
        // The name other members of the family see: the user's own data, sealed with the user's key.
        const displayName = body.displayName === null ? null : await cipher.seal(userId, body.displayName);
        result = await decideWithRetry(deps, userStreamId(userId), userDecider, { type: 'ChangeDisplayName', data: { userId, displayName } }, context);
      }
      if (body.units !== undefined) {
        result = await decideWithRetry(deps, userStreamId(userId), userDecider, { type: 'ChooseUnits', data: { userId, ...body.units } }, context);
      }
      if (body.locale !== undefined) {
        result = await decideWithRetry(deps, userStreamId(userId), userDecider, { type: 'ChooseLocale', data: { userId, locale: body.locale } }, context);
      }
      if (body.onboardingCompleted !== undefined) {
        result = await decideWithRetry(deps, userStreamId(userId), userDecider, { type: 'SetOnboardingCompleted', data: { userId, onboardingCompleted: body.onboardingCompleted } }, context);
      }
      return sendWritten(reply, 200, { ...(await userViewOf(deps, result!.state)) }, result!.position);
    });

    app.put('/api/settings/user/email', { schema: changeEmailSchema }, async (request, reply) => {
      const body = parseInput(changeEmailBody, request.body);
      const userId = request.userId;
      await limitPasswordChecks(userId, reply);
      const user = await activeUser(userId);
      await checkPassword(user, body.currentPassword);
      const context = { userId, correlationId: correlationIdOf(request) };
      const newDigest = cipher.emailDigest(body.newEmail);
      if (newDigest === user.emailDigest) {
        const position = (await eventStore.readStream(userStreamId(userId))).at(-1)?.position ?? 0;
        return sendWritten(reply, 200, { email: body.newEmail }, position);
      }
      await reserveEmail(deps, newDigest, userId, context);
      let changed;
      try {
        changed = await decideWithRetry(
          deps,
          userStreamId(userId),
          userDecider,
          { type: 'ChangeEmail', data: { userId, email: await cipher.seal(userId, body.newEmail), emailDigest: newDigest } },
          context,
        );
      } catch (error) {
        // The account could not take the new address: do not keep it from anyone else.
        await decideWithRetry(deps, emailStreamId(newDigest), emailReservationDecider, { type: 'ReleaseEmail', data: { userId } }, context);
        throw error;
      }
      let position = changed.position;
      if (user.emailDigest) {
        const released = await decideWithRetry(deps, emailStreamId(user.emailDigest), emailReservationDecider, { type: 'ReleaseEmail', data: { userId } }, context);
        position = Math.max(position, released.position);
      }
      return sendWritten(reply, 200, { email: body.newEmail }, position);
    });

    app.put('/api/settings/user/password', { schema: changePasswordSchema }, async (request, reply) => {
      const body = parseInput(changePasswordBody, request.body);
      const userId = request.userId;
      await limitPasswordChecks(userId, reply);
      const user = await activeUser(userId);
      await checkPassword(user, body.currentPassword);
      const passwordHash = await cipher.seal(userId, await hashPassword(body.newPassword));
      const changed = await decideWithRetry(deps, userStreamId(userId), userDecider, { type: 'ChangePassword', data: { userId, passwordHash } }, {
        userId,
        correlationId: correlationIdOf(request),
      });
      // Every other device is signed out; this one carries on with tokens issued after the cut-off.
      await sessions.revokeAllForUser(userId, clock().getTime());
      const session = await issueSession(deps, userId);
      return sendWritten(reply, 200, { ok: true, ...session }, changed.position);
    });

    app.post('/api/auth/logout', { schema: logoutSchema }, async (request) => {
      const { everywhere } = parseInput(logoutBody, request.body);
      const { sessionId } = request.access;
      if (sessionId !== null) await sessions.revokeFamily(sessionId);
      // From the next whole second: an access token's iat is in seconds, and one issued this very second must end too.
      if (everywhere) await sessions.revokeAllForUser(request.userId, (Math.floor(clock().getTime() / 1000) + 1) * 1000);
      return { ok: true };
    });

    app.delete('/api/settings/user/account', { schema: deleteAccountSchema }, async (request, reply) => {
      const body = parseInput(deleteAccountBody, request.body);
      const userId = request.userId;
      await limitPasswordChecks(userId, reply);
      const user = await activeUser(userId);
      await checkPassword(user, body.password);
      const { position, deferred } = await anonymizeAccount(deps, userId, { userId, correlationId: correlationIdOf(request) });
      // The deletion is recorded and will be finished by a job: for the parent it is done either way.
      if (deferred) request.log.error({ err: deferred }, 'finishing the account deletion was left to a job');
      return sendWritten(reply, 200, { ok: true }, position);
    });
  };
}
