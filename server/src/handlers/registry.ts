// Every handler by operationId. An operation of the contract that is missing here answers the
// honest 'not available on this server yet' envelope (code 501) until its issue builds it.
import { accountHandlers } from './account';
import { accountDeleteHandlers } from './account-delete';
import { accountExportHandlers } from './account-export';
import { accountUsageHandlers } from './account-usage';
import { sessionHandlers } from './session';
import { dubbingLinesHandlers } from './dubbing-lines';
import { dubbingPeaksHandlers } from './dubbing-peaks';
import { dubbingUploadsHandlers } from './dubbing-uploads';
import { dubbingVoiceoverHandlers } from './dubbing-voiceover';
import { dubbingDownloadsHandlers } from './dubbing-downloads';
import { dubbingTasksHandlers } from './dubbing-tasks';
import { foldersHandlers } from './folders';
import { healthHandlers } from './health';
import { languagesHandlers } from './languages';
import { mediaHandlers } from './media';
import { purchaseHandlers } from './purchase';
import { paymentProvidersHandlers } from './payment-providers';
import { profileHandlers } from './profile';
import { meetingsHandlers } from './meetings';
import { recordsHandlers } from './records';
import { summariesHandlers } from './summaries';
import { socialHandlers } from './social';
import { systemHandlers } from './system';
import { transcriptHandlers } from './transcript';
import type { HandlerMap } from './types';
import { uploadsHandlers } from './uploads';
import { vocabularyHandlers } from './vocabulary';
import { vouchersHandlers } from './vouchers';

export const handlers: HandlerMap = {
  ...sessionHandlers,
  ...systemHandlers,
  ...socialHandlers,
  ...accountHandlers,
  ...accountUsageHandlers,
  ...accountExportHandlers,
  ...accountDeleteHandlers,
  ...recordsHandlers,
  ...foldersHandlers,
  ...transcriptHandlers,
  ...languagesHandlers,
  ...summariesHandlers,
  ...meetingsHandlers,
  ...uploadsHandlers,
  ...mediaHandlers,
  ...vouchersHandlers,
  ...purchaseHandlers,
  ...paymentProvidersHandlers,
  ...healthHandlers,
  ...vocabularyHandlers,
  ...profileHandlers,
  ...dubbingUploadsHandlers,
  ...dubbingLinesHandlers,
  ...dubbingPeaksHandlers,
  ...dubbingVoiceoverHandlers,
  ...dubbingDownloadsHandlers,
  ...dubbingTasksHandlers,
};
