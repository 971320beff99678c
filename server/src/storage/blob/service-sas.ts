// Verifies a service SAS exactly as Azure Blob Storage computes it (versions 2020-12-06 and later:
// https://learn.microsoft.com/rest/api/storageservices/create-service-sas#version-2020-12-06-and-later),
// HMAC-SHA256 with the account key over the string-to-sign built from the token's own fields.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { BlobError } from '../../domain/storage/blob-store.port';

const MIN_VERSION = '2020-12-06';

export interface SasCheck {
  account: string;
  accountKey: string;
  container: string;
  blob: string | null;
  /** The permission letter the operation needs: r read, w write, c create, d delete, l list. */
  permission: string;
  now: Date;
  secure: boolean;
}

const authFailed = (detail: string) =>
  new BlobError(403, 'AuthenticationFailed', `Server failed to authenticate the request. Make sure the value of Authorization header is formed correctly including the signature. ${detail}`);

export function verifyServiceSas(query: URLSearchParams, check: SasCheck): void {
  const field = (name: string) => query.get(name) ?? '';
  const [sv = '', sr = '', sp = '', se = '', sig = ''] = ['sv', 'sr', 'sp', 'se', 'sig'].map(field);
  if (!sig) throw authFailed('No SAS signature was given.');
  if (!sv || sv < MIN_VERSION) throw authFailed(`Signed version ${sv || '(none)'} is not supported.`);
  if (field('si')) throw authFailed('Stored access policies are not supported.');
  if (sr !== 'c' && sr !== 'b') throw authFailed(`Signed resource ${sr || '(none)'} is not supported.`);
  if (sr === 'b' && !check.blob) throw authFailed('A blob SAS cannot address a container.');
  const canonical = `/blob/${check.account}/${check.container}${sr === 'b' ? `/${check.blob}` : ''}`;
  const stringToSign = [
    sp,
    field('st'),
    se,
    canonical,
    field('si'),
    field('sip'),
    field('spr'),
    sv,
    sr,
    '', // signedSnapshotTime: snapshots are not served
    field('ses'),
    field('rscc'),
    field('rscd'),
    field('rsce'),
    field('rscl'),
    field('rsct'),
  ].join('\n');
  const expected = createHmac('sha256', Buffer.from(check.accountKey, 'base64')).update(stringToSign, 'utf8').digest();
  const given = Buffer.from(sig, 'base64');
  // A token for another container (another user) signs another canonical resource, so it fails here.
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw authFailed(`Signature did not match. String to sign used was ${JSON.stringify(stringToSign)}`);
  }
  const start = field('st') ? Date.parse(field('st')) : null;
  const expiry = Date.parse(se);
  if (!Number.isFinite(expiry) || check.now.getTime() >= expiry || (start !== null && check.now.getTime() < start)) {
    throw authFailed(`Signature not valid in the specified time frame: Start [${field('st')}] - Expiry [${se}] - Current [${check.now.toUTCString()}]`);
  }
  if (field('spr') === 'https' && !check.secure) throw authFailed('This request is not authorized to perform this operation using this protocol.');
  if (field('sip')) throw authFailed('IP-restricted signatures are not supported.');
  if (!sp.includes(check.permission)) {
    throw new BlobError(403, 'AuthorizationPermissionMismatch', 'This request is not authorized to perform this operation using this permission.');
  }
}
