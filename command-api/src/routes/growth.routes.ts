import type { FastifyInstance, FastifyRequest } from 'fastify';
import { decideGrowth, GROWTH_NOT_FOUND, type GrowthCommand } from '@nightlight/domain/growth/growth.decider';
import { evolveGrowth, initialGrowthState, type GrowthState } from '@nightlight/domain/growth/growth.events';
import { growthBody, growthEntryOf } from '@nightlight/domain/growth/growth-request';
import { checkGrowth } from '@nightlight/domain/growth/growth-rules';
import { growthApiView } from '@nightlight/domain/read-models/growth/growth-document';
import { NotFoundError } from '@nightlight/domain/shared/domain-event';
import { growthStreamId } from '@nightlight/domain/shared/stream-ids';
import { localDateOf } from '@nightlight/domain/time/zoned-time';
import { parseIdParam, parseInput } from '@nightlight/infrastructure/http/http-errors';
import { readerUnits } from '@nightlight/infrastructure/read-store/reader-units';
import { writtenMeasurementSchema } from '@nightlight/domain/read-models/growth/measurement.schemas';
import { writtenOkSchema } from '@nightlight/domain/shared/answers.schemas';
import { routeSchema } from '@nightlight/infrastructure/http/route-schemas';
import type { CommandDeps } from '../command-deps';
import { handleCommand } from '../command-handler';
import { loadChildAs, type FamilyChild } from '../commands/child-access';
import { idempotentWrites } from '../idempotency';
import { correlationIdOf, newEntityId, sendWritten } from '../write-reply';

const growthDecider = { initialState: initialGrowthState, evolve: evolveGrowth, decide: decideGrowth };

const TAGS = ['Growth'];
const measureDescription = 'Metric (kg, cm) or imperial (lb, in) measures, never both; at least one.';
const recordSchema = routeSchema({ summary: 'Record a measurement', description: measureDescription, tags: TAGS, body: growthBody, answers: { 201: writtenMeasurementSchema }, errors: [400, 404, 422] });
const correctSchema = routeSchema({ summary: 'Correct a measurement', description: measureDescription, tags: TAGS, body: growthBody, answers: { 200: writtenMeasurementSchema }, errors: [400, 404, 422] });
const deleteSchema = routeSchema({ summary: 'Delete a measurement', tags: TAGS, answers: { 200: writtenOkSchema }, errors: [404, 422] });
const restoreSchema = routeSchema({
  summary: 'Restore a deleted measurement',
  description: 'Undo of a deletion: the measurement comes back as it was. Restoring one that is there changes nothing.',
  tags: TAGS,
  answers: { 200: writtenMeasurementSchema },
  errors: [404, 422],
});

/** POST /api/growth, PUT and DELETE /api/growth/:id, and its restore: a check-up's weight, length and head circumference. */
export function growthRoutes(deps: CommandDeps) {
  const { eventStore, cipher, clock, newId } = deps;
  const idempotency = idempotentWrites(deps);

  const run = async (request: FastifyRequest, id: string, command: GrowthCommand) =>
    handleCommand(eventStore, growthStreamId(id), growthDecider, command, {
      userId: request.userId,
      correlationId: correlationIdOf(request),
      now: clock(),
      newId,
      idempotency: await idempotency.begin(request),
    });

  /** The measurement as the growth list shows it, with the child's age and the WHO percentiles. */
  async function answer(child: FamilyChild, birthDate: string, state: GrowthState, position: number, request: FastifyRequest) {
    if (!state.ref || !state.details) throw new NotFoundError(GROWTH_NOT_FOUND);
    const doc = { _id: state.ref.measurementId, childId: state.ref.childId, ownerId: state.ref.ownerId, ...state.details, position };
    return growthApiView(doc, { birthDate, sex: child.profile.sex }, (await readerUnits(deps.readStore, request.userId, request.headers['accept-language']))?.growth ?? null);
  }

  /** The child of a measurement of the user's family; another family's measurement is as unknown as none. */
  async function familyChildOf(id: string, userId: string): Promise<FamilyChild> {
    const [first] = await eventStore.readStream(growthStreamId(id));
    const childId = (first?.data as { childId?: string } | undefined)?.childId;
    const child = childId ? await loadChildAs(eventStore, childId, userId).catch(() => null) : null;
    if (!child) throw new NotFoundError(GROWTH_NOT_FOUND);
    return child;
  }

  async function write(request: FastifyRequest, id: string, type: 'RecordGrowth' | 'CorrectGrowth') {
    const body = parseInput(growthBody, request.body);
    const childId = parseIdParam({ id: body.childId }, 'Child not found');
    const child = await loadChildAs(eventStore, childId, request.userId);
    const birthDate = (await cipher.openForChild(childId, child.ownerId, child.profile.birthDate)) ?? '';
    const details = checkGrowth(growthEntryOf(body), { birthDate, today: localDateOf(clock(), child.profile.timezone) });
    const result = await run(request, id, { type, data: { measurementId: id, childId, ownerId: request.userId, ...details } });
    return { view: await answer(child, birthDate, result.state, result.position, request), position: result.position };
  }

  return async function routes(app: FastifyInstance): Promise<void> {
    app.post('/api/growth', { schema: recordSchema }, async (request, reply) => {
      const { view, position } = await write(request, newEntityId(request, request.userId, newId), 'RecordGrowth');
      return sendWritten(reply, 201, view, position);
    });

    app.put('/api/growth/:id', { schema: correctSchema }, async (request, reply) => {
      const { view, position } = await write(request, parseIdParam(request.params, GROWTH_NOT_FOUND), 'CorrectGrowth');
      return sendWritten(reply, 200, view, position);
    });

    app.delete('/api/growth/:id', { schema: deleteSchema }, async (request, reply) => {
      const id = parseIdParam(request.params, GROWTH_NOT_FOUND);
      await familyChildOf(id, request.userId);
      const result = await run(request, id, { type: 'DeleteGrowth', data: { measurementId: id } });
      return sendWritten(reply, 200, { ok: true }, result.position);
    });

    app.post('/api/growth/:id/restore', { schema: restoreSchema }, async (request, reply) => {
      const id = parseIdParam(request.params, GROWTH_NOT_FOUND);
      const child = await familyChildOf(id, request.userId);
      const result = await run(request, id, { type: 'RestoreGrowth', data: { measurementId: id } });
      const birthDate = (await cipher.openForChild(child.childId, child.ownerId, child.profile.birthDate)) ?? '';
      return sendWritten(reply, 200, await answer(child, birthDate, result.state, result.position, request), result.position);
    });
  };
}
