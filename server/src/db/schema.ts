// Row types of every table. Timestamps are ISO-8601 UTC text and flags are 0/1 integers on both
// databases, so the same queries and migrations run unchanged on SQLite and PostgreSQL.
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { VocabularyKind } from '../../../src/shared/contract/vocabulary-kinds';

export interface UsersTable {
  id: string;
  email: string | null;
  phone: string | null;
  name: string;
  nickname: string | null;
  avatar: string | null;
  password_hash: string | null;
  is_visitor: number;
  share_status: '0' | '1';
  created_at: string;
  updated_at: string;
}

export interface AuthTokensTable {
  token_hash: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

export interface VerificationCodesTable {
  id: string;
  target: string;
  scene: string;
  code_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  attempts: Generated<number>;
}

export interface OutboxTable {
  id: string;
  channel: 'email' | 'sms';
  target: string;
  subject: string;
  body: string;
  created_at: string;
  delivered_via: string;
}

export type RecordKind = 'upload' | 'meeting' | 'dubbing';
export type RecordState =
  | 'transcribing'
  | 'transcription_completed'
  | 'transcription_err'
  | 'translating'
  | 'translation_completed'
  | 'translation_err';

export interface RecordsTable {
  id: string;
  user_id: string;
  /** null: the user's default folder (id '1' in the API). */
  folder_id: string | null;
  show_name: string;
  kind: RecordKind;
  state: RecordState;
  /** JSON text: string[] */
  languages: string;
  /** JSON text: string[] */
  target_languages: string;
  /** JSON text: {"enabled":boolean,"maxSpeakers":number} */
  speaker: string | null;
  duration_ms: number | null;
  audio_duration_ms: number | null;
  video_cover: string | null;
  favorite: number;
  created_at: string;
  updated_at: string;
}

export interface RecordSegmentsTable {
  id: string;
  record_id: string;
  position: number;
  start_ms: number;
  end_ms: number;
  speaker: string | null;
  text: string;
  translation: string | null;
  /** JSON text: TranscriptWord[] */
  words: string | null;
  /** 1 when the original text was edited after the translation was made (0008). */
  translation_stale: Generated<number>;
  /** A dubbing line's speaker (dub_speakers.id, 0019); null elsewhere, and optional on insert. */
  speaker_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface FoldersTable {
  id: string;
  user_id: string;
  /** null: a top-level folder (parentId '0' in the API). */
  parent_id: string | null;
  name: string;
  /** Comma-separated ids from the root, starting with '0'. */
  ancestors: string;
  created_at: string;
}

export interface DefaultFolderNamesTable {
  user_id: string;
  name: string;
}

export interface RecordSharesTable {
  code: string;
  record_id: string;
  user_id: string;
  allow_copy: number;
  expires_at: string | null;
  revoked_at: string | null;
  created_at: string;
}

/** Kept by triggers (0003_record_counts); folder_key '' is the default folder. */
export interface RecordCountsTable {
  user_id: string;
  folder_key: string;
  total: number;
  favorites: number;
}

/**
 * Record columns added by 0004 for the upload pipeline. Kept out of RecordsTable so code that builds
 * whole RecordRow literals is unaffected; the pipeline queries through
 * `db.withTables<{ records: RecordPipelineColumns }>()` and views read them when present.
 */
export interface RecordPipelineColumns {
  /** Percent of the running pipeline job; null when none runs. */
  progress: number | null;
  /** Translated reason of a failed step, in the submitter's locale. */
  error_message: string | null;
  /** JSON text of the upload form as submitted (UploadSettings of the contract). */
  upload_form: string | null;
}

export interface UploadSessionsTable {
  id: string;
  user_id: string;
  object_name: string;
  ori_file_name: string;
  file_size: number;
  chunk_size: number;
  chunk_count: number;
  folder_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface UploadPartsTable {
  upload_id: string;
  part_number: number;
  size: number;
  sha256: string;
  created_at: string;
}

export interface MediaFilesTable {
  id: string;
  user_id: string;
  object_name: string;
  ori_file_name: string;
  size_bytes: number;
  duration_ms: number;
  format_name: string;
  has_video: number;
  folder_id: string | null;
  submitted_at: string | null;
  created_at: string;
}

export type JobStatus = 'pending' | 'running' | 'completed' | 'failed';

export interface JobsTable {
  id: string;
  kind: string;
  /** JSON text */
  payload: string;
  status: JobStatus;
  attempts: number;
  progress: number;
  error: string | null;
  record_id: string | null;
  created_at: string;
  updated_at: string;
}

/** Operator-made voucher codes (0007); redeemed once. */
export interface VouchersTable {
  code: string;
  package_type: PackageType;
  /** Days for memberships (1, 2), hours of credit for packs (3, 5). */
  amount: number;
  created_at: string;
  redeemed_by: string | null;
  redeemed_at: string | null;
}

/** Package types of features §3: 1 SVIP, 2 VIP, 3 duration, 5 audio/video dubbing. */
export type PackageType = '1' | '2' | '3' | '5';

export interface EntitlementsTable {
  id: string;
  user_id: string;
  package_type: PackageType;
  source: 'voucher' | 'order';
  /** The voucher code or order number that granted it. */
  source_ref: string;
  starts_at: string;
  valid_until: string | null;
  credit_seconds: number | null;
  used_seconds: Generated<number>;
  created_at: string;
}

/** Package catalogue (0011); prices in fen. */
export interface PackagesTable {
  id: string;
  package_type: PackageType;
  package_name: string | null;
  price_fen: number;
  org_price_fen: number | null;
  valid_period: number;
  valid_period_unit: number;
  hours: number | null;
  sort: Generated<number>;
  disabled: Generated<number>;
  created_at: string;
  updated_at: string;
}

export type LedgerAccount = 'svip' | 'vip' | 'duration' | 'dubbing';
export type LedgerKind = 'purchase' | 'grant' | 'voucher' | 'trial' | 'consumption' | 'refund';
export type UsageKind = 'upload' | 'live' | 'dubbing';

/** The append-only entitlement ledger (0011): one row per purchase, grant, voucher, trial, consumption, refund. */
export interface LedgerEntriesTable {
  id: string;
  user_id: string;
  account: LedgerAccount;
  kind: LedgerKind;
  source_key: string;
  seconds: number;
  allowance_seconds: Generated<number>;
  usage: UsageKind | null;
  usage_day: string | null;
  expires_at: string | null;
  package_id: string | null;
  record_id: string | null;
  note: string | null;
  created_at: string;
}

/** Issue 14 (0014_vocabulary): a user's vocabulary library of one kind. */
export interface VocabularyLibrariesTable {
  id: string;
  user_id: string;
  kind: VocabularyKind;
  name: string;
  language: string | null;
  translation_language: string | null;
  /** 1: applied to the user's uploads and dubbing by default. */
  is_default: number;
  created_at: string;
  updated_at: string | null;
}

/** One word, term pair, sensitive word or replacement; source_key is unique per library. */
export interface VocabularyEntriesTable {
  id: string;
  library_id: string;
  source: string;
  source_key: string;
  target: string | null;
  created_at: string;
}

export type PaymentOrderStatus = 'pending' | 'paid' | 'closed';

/** Payment orders (0013): one per getQrPay; paid credits the ledger once ('order:<outTradeNo>'). */
export interface PaymentOrdersTable {
  out_trade_no: string;
  user_id: string;
  package_id: string;
  package_type: PackageType;
  package_name: string;
  valid_period: number;
  valid_period_unit: number;
  hours: number | null;
  pay_type: string;
  source: number;
  provider: string;
  amount_fen: number;
  status: PaymentOrderStatus;
  provider_order_id: string | null;
  provider_txn_id: string | null;
  created_at: string;
  expires_at: string;
  paid_at: string | null;
  closed_at: string | null;
}

/** A provider's account bound to a user (0017): Google `sub`, WeChat unionid (or openid). */
export interface UserIdentitiesTable {
  id: string;
  provider: 'google' | 'wechat';
  subject: string;
  user_id: string;
  email: string | null;
  display_name: string | null;
  created_at: string;
}

/** An authorization request in flight (0017), keyed by the hash of its state. */
export interface SocialSignInRequestsTable {
  state_hash: string;
  provider: 'google' | 'wechat';
  purpose: 'login' | 'bind';
  channel: 'oidc' | 'open' | 'mp';
  user_id: string | null;
  nonce: string | null;
  code_verifier: string | null;
  source: string | null;
  redirect: string | null;
  created_at: string;
  expires_at: string;
  completed_at: string | null;
  subject: string | null;
  profile: string | null;
  consumed_at: string | null;
}

/** A video registered for dubbing after its blob passed the content checks (migration 0018). */
export interface DubFilesTable {
  id: string;
  user_id: string;
  container: string;
  blob_name: string;
  ori_file_name: string;
  /** PostgreSQL bigint reads back as a string; use Number(). */
  size_bytes: number | string;
  duration_ms: number;
  folder_id: string | null;
  created_at: string;
}

export type DubTaskState = 'translating' | 'translated' | 'dubbing' | 'dubbed' | 'failed';

/** A dubbing task: a record of kind 'dubbing' with the same id (migration 0019). */
export interface DubTasksTable {
  id: string;
  user_id: string;
  /** The dub_files row the video came from; null once that file is gone. */
  file_id: string | null;
  state: DubTaskState;
  /** The pipeline step running or failed (DubProgressStep), null when none. */
  step: string | null;
  progress: number | null;
  /** A DubbingError key of the `engines` namespace (translated when answered) and its JSON params. */
  error_key: string | null;
  error_params: string | null;
  /** JSON: the DubForm as submitted (subtitle settings, srtFileType, srtUrl, speakers). */
  form: string;
  audio_language: string;
  translation_language: string | null;
  /** Which background the mix kept: 'original' | 'centreCancelled'. */
  background: string | null;
  /** When the voice-over and composite files are purged (7 days after they were made). */
  expire_at: string | null;
  expired_at: string | null;
  created_at: string;
  updated_at: string;
}

/** One speaker of a task and the voice remembered for it across iterations. */
export interface DubSpeakersTable {
  id: string;
  task_id: string;
  /** The pipeline's speaker number (SpeakerVoice.id). */
  number: number;
  name: string;
  voice: string;
  pitch: number;
  rate: number;
  gender: 'male' | 'female';
  source_pitch_hz: number | null;
}

/** How one line was voiced in one language: the fit result and what was voiced (to re-voice only changes). */
export interface DubLineTakesTable {
  segment_id: string;
  task_id: string;
  lang: string;
  /** Only for languages other than the task's translation_language (that one is record_segments.translation). */
  translation: string | null;
  dub_start_ms: number | null;
  dub_end_ms: number | null;
  rate: number | null;
  stretch: number | null;
  overrun_ms: number | null;
  /** Hash of text, slot and voice when last voiced; a line whose key differs is re-voiced. */
  voiced_key: string | null;
  /** Where the voiced clip is kept (blob name), null when none. */
  clip: string | null;
}

export interface DubIterationsTable {
  id: string;
  task_id: string;
  number: number;
  lang: string;
  state: 'dubbing' | 'dubbed' | 'failed';
  charged_seconds: number;
  error_key: string | null;
  /** JSON: blob names of this run's outputs (video, dubbedAudio, dubbedSpeech, perSpeaker, srt). */
  outputs: string | null;
  created_at: string;
  updated_at: string;
}

export interface DubSynthesesTable {
  id: string;
  task_id: string;
  lang: string;
  state: 'composing' | 'completed' | 'failed';
  /** JSON: burn-in settings of this composition. */
  settings: string;
  video_blob: string | null;
  audio_blob: string | null;
  error_key: string | null;
  expire_at: string | null;
  expired_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface Database {
  users: UsersTable;
  auth_tokens: AuthTokensTable;
  verification_codes: VerificationCodesTable;
  outbox: OutboxTable;
  records: RecordsTable;
  record_segments: RecordSegmentsTable;
  folders: FoldersTable;
  default_folder_names: DefaultFolderNamesTable;
  record_shares: RecordSharesTable;
  record_counts: RecordCountsTable;
  upload_sessions: UploadSessionsTable;
  upload_parts: UploadPartsTable;
  media_files: MediaFilesTable;
  jobs: JobsTable;
  vouchers: VouchersTable;
  entitlements: EntitlementsTable;
  packages: PackagesTable;
  ledger_entries: LedgerEntriesTable;
  vocabulary_libraries: VocabularyLibrariesTable;
  vocabulary_entries: VocabularyEntriesTable;
  payment_orders: PaymentOrdersTable;
  user_identities: UserIdentitiesTable;
  social_sign_in_requests: SocialSignInRequestsTable;
  dub_files: DubFilesTable;
  dub_tasks: DubTasksTable;
  dub_speakers: DubSpeakersTable;
  dub_line_takes: DubLineTakesTable;
  dub_iterations: DubIterationsTable;
  dub_syntheses: DubSynthesesTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type OutboxRow = Selectable<OutboxTable>;
export type RecordRow = Selectable<RecordsTable>;
export type RecordSegmentRow = Selectable<RecordSegmentsTable>;
export type NewRecordSegment = Insertable<RecordSegmentsTable>;
export type FolderRow = Selectable<FoldersTable>;
export type RecordShareRow = Selectable<RecordSharesTable>;
export type UploadSessionRow = Selectable<UploadSessionsTable>;
export type MediaFileRow = Selectable<MediaFilesTable>;
export type JobRow = Selectable<JobsTable>;
export type VoucherRow = Selectable<VouchersTable>;
export type EntitlementRow = Selectable<EntitlementsTable>;
export type PackageRow = Selectable<PackagesTable>;
export type LedgerRow = Selectable<LedgerEntriesTable>;
export type VocabularyLibraryRow = Selectable<VocabularyLibrariesTable>;
export type VocabularyEntryRow = Selectable<VocabularyEntriesTable>;
export type PaymentOrderRow = Selectable<PaymentOrdersTable>;
export type UserIdentityRow = Selectable<UserIdentitiesTable>;
export type SocialSignInRequestRow = Selectable<SocialSignInRequestsTable>;
export type DubTaskRow = Selectable<DubTasksTable>;
export type DubSpeakerRow = Selectable<DubSpeakersTable>;
export type DubLineTakeRow = Selectable<DubLineTakesTable>;
export type DubIterationRow = Selectable<DubIterationsTable>;
export type DubSynthesisRow = Selectable<DubSynthesesTable>;
