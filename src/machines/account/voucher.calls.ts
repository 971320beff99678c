// The voucher exchange call behind the voucher machine's default actor. The call is unchecked
// (platform §7 "success check off"): the api layer shows no toast, the machine reports the server's
// message itself — as success on 200, as an error otherwise (platform §8 'Voucher exchange').
import { api } from '../../api/instance';
import { unwrap } from '../../api/errors';

export interface VoucherExchanged {
  /** The server's message for the toast ('' when it sent none). */
  msg: string;
}

export async function exchangeVoucherCall(cardPasswordCode: string): Promise<VoucherExchanged> {
  const result = await api.call(
    (client, signal) => client.POST('/expense/cardPassword/exchangeCardPassword/{cardPasswordCode}', { params: { path: { cardPasswordCode } }, signal }),
    { silent: true },
  );
  unwrap(result);
  return { msg: result.ok ? result.msg : '' };
}
