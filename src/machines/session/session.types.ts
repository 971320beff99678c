import type { components } from '../../api/schema';

export type UserInfo = NonNullable<components['schemas']['UserInfo']>;
export type AccountDetail = NonNullable<components['schemas']['AccountDetail']>;
export type AccountBlock = components['schemas']['AccountBlock'];
export type AccountPermissions = NonNullable<components['schemas']['AccountPermissions']>;
