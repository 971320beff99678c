// The database's tables, composed from each area's own file (server/src/db/tables/<area>.ts) into
// the Database the app's Kysely instance is typed with; every table and row type is re-exported so
// importers keep one path. Timestamps are ISO-8601 UTC text and flags are 0/1 integers on both
// databases, so the same queries and migrations run unchanged on SQLite and PostgreSQL.
import type { SessionTables } from './tables/session';
import type { MailTables } from './tables/mail';
import type { RecordsTables } from './tables/records';
import type { UploadsTables } from './tables/uploads';
import type { JobsTables } from './tables/jobs';
import type { EntitlementsTables } from './tables/entitlements';
import type { VocabularyTables } from './tables/vocabulary';
import type { PurchaseTables } from './tables/purchase';
import type { DubbingTables } from './tables/dubbing';

export type * from './tables/session';
export type * from './tables/mail';
export type * from './tables/records';
export type * from './tables/uploads';
export type * from './tables/jobs';
export type * from './tables/entitlements';
export type * from './tables/vocabulary';
export type * from './tables/purchase';
export type * from './tables/dubbing';

export interface Database
  extends SessionTables,
    MailTables,
    RecordsTables,
    UploadsTables,
    JobsTables,
    EntitlementsTables,
    VocabularyTables,
    PurchaseTables,
    DubbingTables {}
