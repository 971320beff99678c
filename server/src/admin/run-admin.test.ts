// The operator command on both databases: add, duplicate, password rule, list, password change.
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { useAdminHarness } from '../testing/admin-harness';
import { databaseVariants } from '../testing/database-variants';
import { call } from '../testing/inject';

const variants = await databaseVariants();

describe.each(variants)('npm run admin on $name', (variant) => {
  const { admin, config } = useAdminHarness(variant);

  it.skipIf(variant.skipReason)('adds, refuses duplicates and weak passwords, lists and changes passwords', async () => {
    expect(await admin('user', 'add', 'ops@example.com', 'abc12345')).toMatchObject({ code: 0, out: 'User ops@example.com added' });
    expect(await admin('user', 'add', 'OPS@example.com', 'abc12345')).toMatchObject({ code: 1, err: 'A user with OPS@example.com already exists' });
    expect(await admin('user', 'add', 'weak@example.com', 'abcdefgh')).toMatchObject({ code: 1, err: 'The password must contain both letters and digits' });
    expect(await admin('user', 'add', 'not-an-address', 'abc12345')).toMatchObject({ code: 1 });
    expect(await admin('user', 'password', 'ghost@example.com', 'abc12345')).toMatchObject({ code: 1, err: 'No user with ghost@example.com' });

    const listed = await admin('user', 'list');
    expect(listed.code).toBe(0);
    expect(listed.out).toContain('ops@example.com');
    expect(listed.out).not.toContain('weak@example.com');

    // The account works for sign-in, and a password change signs out its sessions.
    const app = await buildApp(config());
    try {
      const first = await call(app, 'POST', '/auth/c/doLogin', { body: { username: 'ops@example.com', password: 'abc12345' } });
      expect(first.code).toBe(200);
      expect(await admin('user', 'password', 'ops@example.com', 'xyz98765')).toMatchObject({ code: 0 });
      expect((await call(app, 'GET', '/auth/getUserInfo', { token: first.data.token })).status).toBe(401);
      expect((await call(app, 'POST', '/auth/c/doLogin', { body: { username: 'ops@example.com', password: 'xyz98765' } })).code).toBe(200);
    } finally {
      await app.close();
    }
  });

  it.skipIf(variant.skipReason)('an unknown command exits non-zero with commander help text', async () => {
    const result = await admin('frobnicate');
    expect(result.code).not.toBe(0);
    expect(result.err).toContain('unknown command');
  });
});
