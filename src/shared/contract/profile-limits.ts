// Limits of the personal centre, shared by the profile forms and the server so both refuse the same
// input (the contract's maxLength for nickname and name is the same 50).
export const NICKNAME_MAX = 50;
export const PROFILE_NAME_MAX = 50;
/** Largest avatar file accepted (issue 15: ≤ 2 MB). */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
/** Side of the square avatar the server stores (and the crop the browser sends before upload). */
export const AVATAR_SIDE_PX = 256;
/** Image types an avatar may be, told apart by their first bytes, not by name. */
export const AVATAR_ACCEPT = 'image/png,image/jpeg,image/webp';
