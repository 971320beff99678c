import { describe, expect, it } from 'vitest';
import { createMailbox } from './live-connection';

describe('createMailbox', () => {
  it('keeps messages posted before the first listener and forwards later ones', () => {
    const mailbox = createMailbox<string>();
    mailbox.post('start');
    const got: string[] = [];
    const subscription = mailbox.messages$.subscribe((m) => got.push(m));
    mailbox.post('pause');
    subscription.unsubscribe();
    mailbox.post('resume');
    expect(got).toEqual(['start', 'pause']);
    const later: string[] = [];
    mailbox.messages$.subscribe((m) => later.push(m));
    expect(later).toEqual(['resume']);
  });
});
