import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ASSUMPTIONS, type AssumptionName } from '../assumptions.ts';
import { OBJECT_TYPES } from '../objects/object-types.ts';
import { EVENT_NAMES } from '../webhooks/webhook-events.ts';
import { FaultInputSchema } from './fault-rules.ts';
import type { SimControls } from './sim-controls.ts';

const ResetBody = z.object({ keepConnections: z.boolean().optional() }).default({});
const RecordsSchema = z.partialRecord(
  z.enum(OBJECT_TYPES.map((type) => type.name)),
  z.array(z.record(z.string(), z.unknown())),
);
const SeedBody = z.object({
  preset: z.enum(['demo', 'empty']).optional(),
  records: RecordsSchema.optional(),
  files: z.array(z.object({ attachmentUuid: z.string(), contentType: z.string(), base64: z.string() })).optional(),
});
const FaultsBody = z.union([FaultInputSchema, z.array(FaultInputSchema)]);
const CallsQuery = z.object({
  method: z.string().optional(),
  path: z.string().optional(),
  since: z.coerce.number().int().optional(),
});
const MessagesQuery = z.object({ channel: z.enum(['sms', 'email']).optional() });
const EventBody = z.object({ type: z.enum(EVENT_NAMES), data: z.record(z.string(), z.unknown()).default({}) });
const ClockBody = z.object({
  advanceMs: z.number().optional(),
  advanceSeconds: z.number().optional(),
  set: z.iso.datetime({ offset: true }).optional(),
});
const ThrottleBody = z.object({
  perMinute: z.number().int().min(1).optional(),
  perDay: z.number().int().min(1).optional(),
  resetCounters: z.boolean().optional(),
});
const AssumptionsBody = z.partialRecord(z.enum(Object.keys(ASSUMPTIONS) as [AssumptionName]), z.string());
const OAuthBody = z.object({ autoApprove: z.boolean().optional(), staffUuid: z.string().optional() });
const TokenBody = z
  .object({
    scopes: z.union([z.string(), z.array(z.string())]).optional(),
    staffUuid: z.string().optional(),
    appId: z.string().optional(),
    expiresInSeconds: z.number().int().min(1).optional(),
  })
  .default({});
const ExpireBody = z.object({ accessToken: z.string().optional() }).default({});
const AddonBody = z.object({
  eventName: z.string().min(1),
  eventArgs: z.record(z.string(), z.unknown()).optional(),
  staffUuid: z.string().optional(),
  withAccessToken: z.boolean().optional(),
  appId: z.string().optional(),
});
const InvokeBody = AddonBody.extend({ url: z.url() });
const RecordParams = z.object({ object: z.string(), uuid: z.string().optional() });
const StaffQuery = z.object({ staffUuid: z.string().optional() });

/**
 * The control API under /__sim (no credentials: the simulator is a local test tool). JSON in and out.
 * Every route is a thin wrapper over `SimControls`, which tests in the same process can call directly.
 */
export function registerControlRoutes(app: FastifyInstance, controls: SimControls): void {
  app.register(
    async (scope) => {
      scope.get('/', async () => controls.info());
      scope.post('/reset', async (request) => {
        controls.reset(ResetBody.parse(request.body ?? {}));
        return { ok: true };
      });
      scope.post('/seed', async (request) => {
        controls.seed(SeedBody.parse(request.body ?? {}));
        return { ok: true };
      });

      scope.get('/records/:object', async (request) => controls.records(RecordParams.parse(request.params).object));
      scope.post('/records/:object', async (request) => {
        const { object } = RecordParams.parse(request.params);
        const { staffUuid } = StaffQuery.parse(request.query);
        return controls.writeRecord(
          object,
          undefined,
          z.record(z.string(), z.unknown()).parse(request.body ?? {}),
          staffUuid,
        ).record;
      });
      scope.post('/records/:object/:uuid', async (request) => {
        const { object, uuid } = RecordParams.parse(request.params);
        const { staffUuid } = StaffQuery.parse(request.query);
        return controls.writeRecord(
          object,
          uuid,
          z.record(z.string(), z.unknown()).parse(request.body ?? {}),
          staffUuid,
        ).record;
      });
      scope.delete('/records/:object/:uuid', async (request) => {
        const { object, uuid = '' } = RecordParams.parse(request.params);
        return controls.removeRecord(object, uuid, StaffQuery.parse(request.query).staffUuid).record;
      });

      scope.get('/faults', async () => controls.faults());
      scope.post('/faults', async (request) => {
        const body = FaultsBody.parse(request.body);
        return (Array.isArray(body) ? body : [body]).map((fault) => controls.addFault(fault));
      });
      scope.delete('/faults', async () => {
        controls.clearFaults();
        return { ok: true };
      });
      scope.delete('/faults/:id', async (request, reply) => {
        const removed = controls.removeFault((request.params as { id: string }).id);
        return removed ? { ok: true } : reply.code(404).send({ ok: false, message: 'No such fault' });
      });

      scope.get('/calls', async (request) => controls.calls(CallsQuery.parse(request.query)));
      scope.delete('/calls', async () => {
        controls.clearCalls();
        return { ok: true };
      });
      scope.get('/messages', async (request) => controls.messages(MessagesQuery.parse(request.query).channel));
      scope.delete('/messages', async () => {
        controls.clearMessages();
        return { ok: true };
      });

      scope.get('/webhooks', async () => controls.subscriptions());
      scope.get('/deliveries', async () => controls.deliveries());
      scope.delete('/deliveries', async () => {
        controls.clearDeliveries();
        return { ok: true };
      });
      scope.post('/webhooks/idle', async () => {
        await controls.webhooksIdle();
        return { ok: true };
      });
      scope.post('/events', async (request) => {
        const { type, data } = EventBody.parse(request.body);
        controls.raiseEvent(type, data);
        return { ok: true };
      });

      scope.get('/clock', async () => controls.clock());
      scope.post('/clock', async (request) => {
        const body = ClockBody.parse(request.body ?? {});
        if (body.set) return controls.setClock(new Date(body.set));
        return controls.advanceClock((body.advanceMs ?? 0) + (body.advanceSeconds ?? 0) * 1000);
      });

      scope.get('/throttle', async () => controls.throttle());
      scope.post('/throttle', async (request) => {
        const { resetCounters, ...limits } = ThrottleBody.parse(request.body ?? {});
        controls.setThrottle(limits, { resetCounters: resetCounters ?? false });
        return controls.throttle();
      });

      scope.get('/assumptions', async () => controls.assumptions());
      scope.post('/assumptions', async (request) => {
        return { current: controls.setAssumptions(AssumptionsBody.parse(request.body ?? {})) };
      });

      scope.post('/oauth', async (request) => {
        return controls.setOAuth(OAuthBody.parse(request.body ?? {}));
      });
      scope.post('/oauth/token', async (request) => {
        return controls.issueToken(TokenBody.parse(request.body ?? {}));
      });
      scope.post('/oauth/expire', async (request) => ({
        expired: controls.expireAccessTokens(ExpireBody.parse(request.body ?? {}).accessToken),
      }));

      scope.post('/addon/jwt', async (request) => controls.mintAddonEvent(AddonBody.parse(request.body)));
      scope.post('/addon/invoke', async (request) => controls.invokeAddon(InvokeBody.parse(request.body)));
    },
    { prefix: '/__sim' },
  );
}
