// The meeting socket's messages, typed from the contract (openapi/openapi.yaml, components
// LiveClientMessage and LiveServerMessage). Client and server both read them from here.
import type { components } from '../../api/schema';

type Schemas = components['schemas'];

/** A JSON text frame a meeting client sends. */
export type LiveClientMessage = Schemas['LiveClientMessage'];
export type LiveClientMessageType = LiveClientMessage['type'];
export type LiveControlAction = Schemas['LiveControl']['action'];

/** Messages of a meeting's stream: numbered by the bus (seq +1 per meeting), replayed on resume. */
export type LiveStreamMessage =
  | Schemas['LivePartialSubtitle']
  | Schemas['LiveFinalSubtitle']
  | Schemas['LiveParticipantJoined']
  | Schemas['LiveParticipantLeft']
  | Schemas['LiveScreensConnected']
  | Schemas['LiveMeetingStateChanged']
  | Schemas['LiveMeetingAllowance']
  | Schemas['LiveCastControl']
  | Schemas['LiveSpeakerRenamed'];

/** Messages sent to one connection only, carrying the latest stream seq; never replayed. */
export type LiveDirectMessage = Schemas['LiveReady'] | Schemas['LiveTranscript'] | Schemas['LiveError'] | Schemas['LivePong'];

/** A JSON text frame the server sends. */
export type LiveServerMessage = Schemas['LiveServerMessage'];

/** A stream message before the bus numbers it. */
export type UnnumberedStreamMessage = LiveStreamMessage extends infer M ? (M extends unknown ? Omit<M, 'seq'> : never) : never;

export type LiveFinalSubtitle = Schemas['LiveFinalSubtitle'];
export type LiveMeetingAllowance = Schemas['LiveMeetingAllowance'];
export type LiveStateReason = NonNullable<Schemas['LiveMeetingStateChanged']['reason']>;
export type LiveRole = Schemas['LiveReady']['role'];
export type MeetingState = Schemas['MeetingState'];
