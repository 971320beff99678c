// The live meeting hub of this app: the meetings service, the fan-out bus (Redis pub/sub when
// REDIS_URL is set, so several instances share meetings; in-process otherwise) and the socket route.
import { liveBalanceOf } from '../domain/entitlements/live-balance';
import { chargeMeeting } from '../domain/entitlements/meeting-charges';
import fp from 'fastify-plugin';
import { mayUseMeetingFeature } from '../domain/meetings/meeting-permissions';
import { createMeetingsService, type MeetingsService } from '../domain/meetings/meetings-service';
import { createInProcessBus } from './live-bus';
import { LiveHub } from './live-hub';
import { registerLiveSocket } from './live-socket';
import { createRedisBus } from './redis-live-bus';
import { createRedisHostSlots } from './redis-host-slots';
import { createRedisRoster } from './redis-live-roster';

declare module 'fastify' {
  interface FastifyInstance {
    live: { hub: LiveHub; meetings: MeetingsService };
  }
}

export default fp(
  async (app) => {
    const { config, clock, engines, mediaStore } = app.services;
    const meetings = createMeetingsService({
      db: app.db,
      clock,
      mayInvite: async (host) => mayUseMeetingFeature(host, (await app.services.entitlements.account(host)).rule, 'inviteMeeting'),
    });
    const bus = config.redisUrl ? createRedisBus(config.redisUrl) : createInProcessBus();
    // With Redis the one-host rule holds across instances through a shared lease.
    const hostSlots = config.redisUrl ? createRedisHostSlots(config.redisUrl, { log: app.log }) : undefined;
    const hub = new LiveHub({
      meetings,
      engines,
      bus,
      clock,
      log: app.log,
      audio: { db: app.db, store: mediaStore, clock, log: app.log },
      ...(hostSlots ? { hostSlots } : {}),
      // With Redis, who is in the meeting and which languages are read is shared by instances.
      ...(config.redisUrl ? { roster: createRedisRoster(config.redisUrl, { log: app.log }) } : {}),
      onEnded: (meeting) => chargeMeeting(app.db, app.services.entitlements, meeting),
      // Metered while it records: the meeting pauses when the host's live time runs out (issue 11).
      allowance: { read: (meeting) => liveBalanceOf(app.db, app.services.entitlements, meeting) },
      vocabulary: app.services.vocabularyInForce,
    });
    const stopListening = app.services.entitlements.onChange((userId) => void hub.entitlementsChanged(userId));
    app.decorate('live', { hub, meetings });
    registerLiveSocket(app, hub, meetings);
    app.addHook('onClose', async () => {
      stopListening();
      await hub.close();
    });
  },
  { name: 'live', dependencies: ['services', 'websocket'] },
);
