// The meetings area: the meetings service, the live hub with its fan-out bus (Redis pub/sub when
// REDIS_URL is set, so several instances share meetings; in-process otherwise) and the socket route.
import fp from 'fastify-plugin';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../../../src/shared/contract/limits';
import { liveBalanceOf } from '../entitlements/live-balance';
import { chargeMeeting } from '../entitlements/meeting-charges';
import { createInProcessBus } from '../../live/live-bus';
import { fanoutTimingLine } from '../../live/fanout-timing-line';
import { LiveHub } from '../../live/live-hub';
import { registerLiveSocket } from '../../live/live-socket';
import { createRedisBus } from '../../live/redis-live-bus';
import { createRedisHostSlots } from '../../live/redis-host-slots';
import { createRedisRoster } from '../../live/redis-live-roster';
import { provideServices } from '../../plugins/app/service-registry';
import { mayUseMeetingFeature } from './meeting-permissions';
import { keepMeetingSummary } from './meeting-summary-keeper';
import { createMeetingsService, type MeetingsService } from './meetings-service';

declare module 'fastify' {
  interface AppServices {
    meetings: MeetingsService;
    /** The live side of meetings: sockets, subtitles fan-out, who reads which language. */
    liveHub: LiveHub;
  }
}

export default fp(
  async (app) => {
    const { config, clock, engines, mediaStore, entitlements, vocabularyInForce, summaries, i18n } = app.services;
    const keeper = { summaries, t: i18n.translatorFor(DEFAULT_LOCALE), log: app.log };
    const meetings = createMeetingsService({
      db: app.db,
      clock,
      mayInvite: async (host) => mayUseMeetingFeature(host, (await entitlements.account(host)).rule, 'inviteMeeting'),
      // A live speaker's default name is written in the meeting's spoken language when it is a UI language.
      speakerName: (index, language) => {
        const locale = (LOCALES as readonly string[]).includes(language) ? (language as Locale) : DEFAULT_LOCALE;
        return i18n.translatorFor(locale)('uploads:speakerName', { number: index });
      },
    });
    const bus = config.redisUrl ? createRedisBus(config.redisUrl) : createInProcessBus();
    // With Redis the one-host rule holds across instances through a shared lease.
    const hostSlots = config.redisUrl ? createRedisHostSlots(config.redisUrl, { log: app.log }) : undefined;
    const liveHub = new LiveHub({
      meetings,
      engines,
      bus,
      clock,
      log: app.log,
      audio: { db: app.db, store: mediaStore, clock, log: app.log },
      ...(hostSlots ? { hostSlots } : {}),
      // With Redis, who is in the meeting and which languages are read is shared by instances.
      ...(config.redisUrl ? { roster: createRedisRoster(config.redisUrl, { log: app.log }) } : {}),
      // The whole meeting is summarised as its record's summary (issue 24 §4; never throws), then charged.
      onEnded: async (meeting) => {
        await keepMeetingSummary(keeper, meeting);
        await chargeMeeting(app.db, entitlements, meeting);
      },
      // Metered while it records: the meeting pauses when the host's live time runs out (issue 11).
      allowance: { read: (meeting) => liveBalanceOf(app.db, entitlements, meeting) },
      vocabulary: vocabularyInForce,
      // Benchmarks read where the fan-out time goes (one stdout line per delivered stream message).
      ...(config.liveFanoutTiming ? { observeFanout: (timing) => process.stdout.write(fanoutTimingLine(timing)) } : {}),
    });
    const stopListening = entitlements.onChange((userId) => void liveHub.entitlementsChanged(userId));
    provideServices(app.services, { meetings, liveHub });
    registerLiveSocket(app, liveHub, meetings);
    app.addHook('onClose', async () => {
      stopListening();
      await liveHub.close();
    });
  },
  { name: 'meetings', dependencies: ['db', 'runtime', 'engines', 'storage', 'entitlements', 'vocabulary', 'websocket', 'transcript'] },
);
