// Part 1 of `npm run bench -- payments` (issue 11): time from the sandbox Pay press to the purchase
// dialog's paid state. A real server listens on 127.0.0.1 with the embedded sandbox provider; each
// sample makes an order by getQrPay, runs the client's own status poll (paymentStatus$ of the
// payment machine: every 1 s, a tick waits for its answer) over HTTP, and posts Pay to the QR's
// checkout address at a phase spread evenly over the poll interval. The figure is the time from the
// Pay post to the poll's 'paid' event (what moves the machine to paid); the baseline, from the same
// run, is one bare status call and the Pay post itself.
import { firstValueFrom, filter, take, type Subscription } from 'rxjs';
import { issueToken } from '../server/src/domain/session/tokens';
import { createUser } from '../server/src/domain/session/users';
import { systemClock } from '../server/src/clock';
import { startTestServer } from '../server/src/testing/start-test-server';
import { paymentStatus$ } from '../src/machines/purchase/payment.machine';
import type { PollAnswer } from '../src/api/purchase/get-pay-recharge-status';
import { PAY_POLL_INTERVAL_MS } from '../src/shared/contract/limits';

const SAMPLES = 12;
const BASELINE_CALLS = 40;

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const median = (values: number[]) => sorted(values)[Math.floor(values.length / 2)]!;
const quantile = (values: number[], q: number) => sorted(values)[Math.min(values.length - 1, Math.ceil(q * values.length) - 1)]!;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function payToPaidLines(): Promise<string[]> {
  const server = await startTestServer({ logLevel: 'silent', nodeEnv: 'test' });
  try {
    const user = await createUser(server.app.db, systemClock, { kind: 'email', value: 'bench-pay@bench.local' }, 'secret123');
    const token = await issueToken(server.app.db, systemClock, user.id);
    const api = async (path: string, body?: unknown) => {
      const response = await fetch(`${server.url}/prod-api${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      return (await response.json()) as { code: number; data: any };
    };
    // The client's status call, over HTTP: 200 carries the status, 9250747 means pending.
    const ask = async (outTradeNo: string): Promise<PollAnswer> => {
      const answer = await api(`/expense/pay/getPayRechargeStatus/${outTradeNo}`);
      return answer.code === 200 ? answer.data.status : answer.code === 9250747 ? 'pending' : 'unknown';
    };
    const newOrder = async () => {
      const answer = await api('/expense/pay/getQrPay', { source: 1, packageId: 'vip-month', payPrice: 39, payType: 'wxV3Pay' });
      if (answer.code !== 200) throw new Error(`getQrPay: ${JSON.stringify(answer)}`);
      return answer.data as { outTradeNo: string; weChatQRCode: string };
    };
    const pay = async (checkout: string) => {
      const response = await fetch(checkout, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'action=pay' });
      if (!(await response.text()).includes('data-status="paid"')) throw new Error('the sandbox page did not pay');
    };

    const payToPaid: number[] = [];
    const payPost: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const order = await newOrder();
      let subscription: Subscription | undefined;
      const paid = new Promise<number>((resolve) => {
        subscription = paymentStatus$(order.outTradeNo, ask)
          .pipe(
            filter((event) => event.type === 'pay.status' && event.status === 'paid'),
            take(1),
          )
          .subscribe(() => resolve(performance.now()));
      });
      // The press falls at an even spread of phases of the 1 s poll (the first tick is at once).
      await sleep(50 + (i * PAY_POLL_INTERVAL_MS) / SAMPLES);
      const pressed = performance.now();
      await pay(order.weChatQRCode);
      payPost.push(performance.now() - pressed);
      payToPaid.push((await paid) - pressed);
      subscription?.unsubscribe();
    }

    // Baseline: the bare status call of a paid order.
    const paidOrder = await newOrder();
    await pay(paidOrder.weChatQRCode);
    const statusCall: number[] = [];
    for (let i = 0; i < BASELINE_CALLS; i++) {
      const started = performance.now();
      if ((await ask(paidOrder.outTradeNo)) !== 'paid') throw new Error('status of a paid order');
      statusCall.push(performance.now() - started);
    }
    const status = median(statusCall);
    const mid = median(payToPaid);
    // One sanity read through the first-value path the machine uses (a paid order answers at once).
    await firstValueFrom(paymentStatus$(paidOrder.outTradeNo, ask).pipe(take(1)));
    return [
      `sandbox Pay → dialog paid (client poll every ${PAY_POLL_INTERVAL_MS} ms, ${SAMPLES} presses over the poll phase): median ${mid.toFixed(0)} ms, p95 ${quantile(payToPaid, 0.95).toFixed(0)} ms, max ${Math.max(...payToPaid).toFixed(0)} ms`,
      `baseline: bare status call median ${status.toFixed(2)} ms, Pay post median ${median(payPost).toFixed(2)} ms; expected ≈ half the poll interval + one call = ${(PAY_POLL_INTERVAL_MS / 2 + status).toFixed(0)} ms, ratio ${(mid / (PAY_POLL_INTERVAL_MS / 2 + status)).toFixed(2)}; worst case bound ${(PAY_POLL_INTERVAL_MS + status).toFixed(0)} ms`,
    ];
  } finally {
    await server.close();
  }
}
