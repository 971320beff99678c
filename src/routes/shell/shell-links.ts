// Addresses the shell links to. Both can be set per deployment at build time.
const env = import.meta.env as Record<string, string | undefined>;

export const HELP_CENTRE_PATH = env.VITE_HELP_CENTRE_URL || '/help';

/** What the free-time group QR code encodes; by default the help page's free-time section. */
export const FREE_TIME_GROUP_URL =
  env.VITE_FREE_TIME_GROUP_URL ||
  `${typeof window === 'undefined' ? '' : window.location.origin}/help?topic=free-time`;

/** The purchase dialog's customer-service popup: a mail address and what its QR code opens. */
export const CUSTOMER_SERVICE_MAIL = env.VITE_CUSTOMER_SERVICE_MAIL || 'support@parley.example';
export const CUSTOMER_SERVICE_URL =
  env.VITE_CUSTOMER_SERVICE_URL || `${typeof window === 'undefined' ? '' : window.location.origin}/help?topic=contact`;
