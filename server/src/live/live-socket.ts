// The meeting socket: GET /prod-api/ws/meeting/:meetingId (WebSocket). Authenticates by the `token`
// query parameter or a bearer header, decides host (the owner) or participant (share link open, or
// an open unexpired invitation code in `invite`; meeting not ended; a participant presenting one of
// the meeting's cast codes is a projection screen, kept out of the participants' list), then routes
// messages to the hub. JSON messages are checked against the contract's LiveClientMessage
// (live-message-schema.ts); binary frames are audio. Every refusal is an `error` message on the
// socket; only the offending connection is affected.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from '@fastify/websocket';

type RawData = Buffer | ArrayBuffer | Buffer[];
import { localeFromAcceptLanguage } from '../i18n';
import { LOCALES, PARTICIPANT_NAME_MAX, type Locale } from '../../../src/shared/contract/limits';
import type { UserRow } from '../db/schema';
import { displayName, type MeetingsService } from '../domain/meetings/meetings-service';
import { AppError } from '../errors';
import { mayConnect, refusalFor } from '../domain/meetings/meeting-rules';
import type { LiveRole } from '../../../src/shared/contract/live-messages';
import { parseBinaryFrame, parseJsonFrame } from './audio-frames';
import { checkClientMessage, parseJsonText, typeOf } from './live-message-schema';
import { LiveConnection } from './live-connection';
import { LiveSocketError } from './live-errors';
import type { LiveHub } from './live-hub';
import type { MeetingRow } from '../domain/meetings/meeting-tables';

export const LIVE_SOCKET_PATH = '/prod-api/ws/meeting/:meetingId';

interface Query {
  token?: string;
  clientId?: string;
  lang?: string;
  /** A participant's display name (given on the join page). */
  name?: string;
  /** The invitation code a participant joins with (instead of the share link). */
  invite?: string;
  /** A projection screen's cast code (/screenProjection): such a connection is not a participant. */
  screen?: string;
}

/** The name given on joining: control characters dropped, spaces folded, cut to PARTICIPANT_NAME_MAX. */
export function participantNameOf(given: string | undefined, user: UserRow): string {
  const cleaned = (given ?? '').replace(/[\p{Cc}\p{Cf}]/gu, '').replace(/\s+/g, ' ').trim();
  return [...cleaned].slice(0, PARTICIPANT_NAME_MAX).join('') || displayName(user);
}

function tokenOf(request: FastifyRequest<{ Querystring: Query }>): string | null {
  const header = request.headers.authorization;
  const bearer = header ? /^Bearer\s+(\S+)$/i.exec(header.trim())?.[1] : undefined;
  return bearer ?? request.query.token ?? null;
}

function localeOf(request: FastifyRequest<{ Querystring: Query }>): Locale {
  const asked = request.query.lang;
  if (asked && (LOCALES as readonly string[]).includes(asked)) return asked as Locale;
  return localeFromAcceptLanguage(request.headers['accept-language']);
}

function asSocketError(error: unknown): LiveSocketError {
  if (error instanceof LiveSocketError) return error;
  if (error instanceof AppError) {
    const key = error.messageKey.startsWith('live:') ? error.messageKey.slice(5) : error.messageKey;
    return new LiveSocketError(error.code, key, error.params, true);
  }
  return new LiveSocketError(500, 'badMessage');
}

export function registerLiveSocket(app: FastifyInstance, hub: LiveHub, meetings: MeetingsService) {
  app.get<{ Params: { meetingId: string }; Querystring: Query }>(LIVE_SOCKET_PATH, { websocket: true }, (socket: WebSocket, request) => {
    const t = app.services.i18n.translatorFor(localeOf(request));
    const meetingId = request.params.meetingId;
    // Messages that arrive while the connection is being checked wait here, in order.
    const early: Array<{ data: RawData; isBinary: boolean }> = [];
    let handle: ((data: RawData, isBinary: boolean) => void) | null = null;
    socket.on('message', (data: RawData, isBinary: boolean) => (handle ? handle(data, isBinary) : early.push({ data, isBinary })));

    const refuse = (error: LiveSocketError) => {
      const bare = new LiveConnection(socket, null as never, 'participant', t, null);
      bare.sendError(new LiveSocketError(error.code, error.key, error.params, true), 0);
    };

    void (async () => {
      const token = tokenOf(request);
      const user = token ? await app.services.session.authenticate(token) : null;
      if (!user) throw new LiveSocketError(401, 'unauthorized', {}, true);
      let meeting: MeetingRow;
      try {
        meeting = await meetings.readable(meetingId, user.id, request.query.invite ?? null);
      } catch (error) {
        throw asSocketError(error);
      }
      if (!mayConnect(meeting.state)) throw new LiveSocketError(410, 'meetingEnded', {}, true);
      // A projection screen reads like an invited reader even in the host's own signed-in browser: it is
      // masked (features §6), never takes the host's seat, and sends no audio or controls.
      const role: LiveRole = meeting.user_id === user.id && !request.query.screen ? 'host' : 'participant';
      const connection = new LiveConnection(
        socket,
        user,
        role,
        t,
        request.query.clientId ?? null,
        role === 'participant' ? participantNameOf(request.query.name, user) : displayName(user),
      );
      if (role === 'participant') {
        connection.via = request.query.invite ? 'invite' : 'share';
        connection.inviteCode = request.query.invite ?? null;
        if (request.query.screen) {
          // A wrong code is refused rather than ignored: the screen would otherwise join the audience list.
          if (!(await meetings.isScreenOf(meeting.id, request.query.screen))) throw new LiveSocketError(404, 'screenCodeNotFound', {}, true);
          connection.screen = true;
        }
      }
      await hub.connect(meeting, connection);
      socket.on('close', () => hub.disconnect(meetingId, connection));
      if (socket.readyState !== socket.OPEN) hub.disconnect(meetingId, connection);

      // Messages are handled one at a time so audio, controls and resumes keep their order.
      let queue: Promise<void> = Promise.resolve();
      handle = (data, isBinary) => {
        queue = queue.then(() => onMessage(data, isBinary)).catch(async (error: unknown) => {
          const socketError = error instanceof LiveSocketError ? error : new LiveSocketError(500, 'badMessage');
          if (!(error instanceof LiveSocketError)) request.log.warn({ err: error }, 'live message failed');
          connection.sendError(socketError, await hub.bus.latestSeq(meetingId).catch(() => 0));
        });
      };

      const onMessage = async (data: RawData, isBinary: boolean) => {
        const buffer = Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(new Uint8Array(data));
        if (isBinary) {
          const refused = refusalFor(role, 'audio');
          if (refused) throw new LiveSocketError(403, refused);
          const frame = parseBinaryFrame(buffer);
          await hub.audio(meeting, frame.frameSeq, frame.pcm);
          return;
        }
        const raw = parseJsonText(buffer.toString('utf8'));
        // Who may send what comes first (a participant's audio is refused as such, whatever its shape).
        const refusal = refusalFor(role, typeOf(raw));
        if (refusal) throw new LiveSocketError(403, refusal);
        const message = checkClientMessage(raw);
        switch (message.type) {
          case 'audio': {
            const frame = parseJsonFrame(message);
            await hub.audio(meeting, frame.frameSeq, frame.pcm);
            return;
          }
          case 'control':
            await hub.control(meetingId, message.action);
            return;
          case 'resume':
            await hub.attach(meetingId, connection, message.lastSeq);
            return;
          case 'subscribe':
            meeting = (await meetings.find(meetingId)) ?? meeting;
            await hub.subscribeLanguage(meeting, connection, message.translationLanguage);
            return;
          case 'ping':
            connection.sendDirect({ type: 'pong', seq: await hub.bus.latestSeq(meetingId) });
            return;
        }
      };
      for (const { data, isBinary } of early.splice(0)) handle(data, isBinary);
    })().catch((error: unknown) => {
      if (!(error instanceof LiveSocketError)) request.log.warn({ err: error }, 'live connection failed');
      refuse(asSocketError(error));
    });
  });
}
