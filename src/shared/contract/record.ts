// A record as the contract sends it (list rows, share views), for the views that draw one.
import type { components } from '../../api/schema';

export type RecordView = components['schemas']['Record'];
