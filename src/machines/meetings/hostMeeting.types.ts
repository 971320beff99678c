// The host meeting machine's shapes: what the page gives it, what it keeps, what it is told.
import type { ScreenCode, MeetingState } from '../../api/meetings/meeting-types';
import type { ScreenOperationRequest } from '../../api/meetings/screen-operation';
import type { LiveClientMessage } from '../../streams/socket$';
import type { ControlAction } from './meeting.machine';
import type { MeetingSetupOutput } from './meetingSetup.machine';
import type { CastScreen, MeetingView, ScreenChange } from './hostMeeting.view';

export interface HostMeetingInput {
  /** An existing meeting (reload, or the repair link of a meeting left paused). */
  meetingId?: string | null;
  /** Origin of the share and cast links (the page's). */
  origin?: string;
  /** The live socket's address for a meeting (tests give a fixed one). */
  socketUrl?: (meetingId: string) => string;
  now?: () => number;
  /** Where the browser loads the microphone's audio worklet (`pcm16DownsamplerUrl`). */
  workletUrl: string;
}

export interface HostMeetingContext {
  view: MeetingView;
  origin: string;
  workletUrl: string;
  socketUrl: (meetingId: string) => string;
  now: () => number;
  nowMs: number;
  /** Control messages given before the socket existed (the start), sent once it is ready. */
  pendingMessages: LiveClientMessage[];
  /** The last meeting state the socket reported. */
  serverState: MeetingState | null;
  /** The submitted setup, given back to the setup when the create fails. */
  setupDraft: MeetingSetupOutput | null;
  sharingOpen: boolean;
  castCode: ScreenCode | null;
  /** Every screen this host made a code for (multi-screen), as the host last set it. */
  screens: CastScreen[];
  /** The screen operation being sent. */
  screenOperation: ScreenOperationRequest | null;
  copied: boolean;
  /** The recording child runs (live). */
  microphoneOn: boolean;
  /** The last meeting.allowance acted on (its seq), and the refusal code of the last 'used up'. */
  allowanceSeq: number;
  allowanceCode: number | null;
}

export type HostMeetingEvent =
  | { type: 'host.control'; action: ControlAction }
  | { type: 'host.retryMicrophone' }
  // End meeting asks first (it cannot be undone): ask → confirm or cancel.
  | { type: 'host.askStop' }
  | { type: 'host.cancelStop' }
  | { type: 'host.confirmStop' }
  | { type: 'share.toggle'; open: boolean }
  | { type: 'share.copy' }
  | { type: 'share.castCode' }
  | { type: 'screen.change'; change: ScreenChange }
  | { type: 'clock.tick' }
  | { type: 'recording.audio'; pcm: ArrayBuffer }
  // The host's live time, from the socket (meeting.allowance), and the purchase dialog's payment.
  | { type: 'allowance.usedUp'; code: number | null }
  | { type: 'allowance.restored' }
  | { type: 'host.purchasePaid' }
  | { type: 'allowance.dismiss' };
