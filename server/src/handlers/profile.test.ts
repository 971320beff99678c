// Issue 15, personal centre, on SQLite and PostgreSQL: profile text, avatar upload (type by content,
// size, square crop, cache-busting address), e-mail/phone binding by a code to the new address, and
// password change (old password limited like sign-in, other sessions signed out). Every refusal is
// translated and leaves the user row and the sessions exactly as they were.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { FAILED_LOGINS_PER_ACCOUNT_PER_HOUR } from '../../../src/shared/contract/limits';
import { AVATAR_SIDE_PX } from '../../../src/shared/contract/profile-limits';
import { useRecordsTestApp, type TestUser } from '../testing/records-test-kit';
import { multipartBody } from '../testing/upload-test-kit';
import { databaseVariants } from '../testing/database-variants';
import { call, latestCodeFor, uniqueEmail } from '../testing/inject';
import { storedMediaPath } from '../testing/stored-media-path';

const variants = await databaseVariants();

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } }).png().toBuffer();

describe.each(variants)('personal centre on $name', (variant) => {
  const kit = useRecordsTestApp(variant, { trialMinutes: 0 });

  const put = (url: string, who: TestUser | null, body: unknown, lang?: string) => call(kit.app, 'PUT', url, { token: who?.token ?? null, body, lang });

  /** The user row and their sessions, to show a refusal changed nothing. */
  async function snapshot(who: TestUser) {
    const user = await kit.app.db.selectFrom('users').selectAll().where('id', '=', who.user.id).executeTakeFirstOrThrow();
    const tokens = await kit.app.db.selectFrom('auth_tokens').selectAll().where('user_id', '=', who.user.id).orderBy('token_hash').execute();
    return { user, tokens };
  }

  async function uploadAvatar(who: TestUser, bytes: Buffer, fileName = 'me.png', lang?: string) {
    const form = multipartBody([{ name: 'file', value: bytes, fileName }]);
    const response = await kit.app.inject({
      method: 'POST',
      url: '/prod-api/system/user/avatar',
      headers: { authorization: `Bearer ${who.token}`, 'content-type': form.contentType, ...(lang ? { 'accept-language': lang } : {}) },
      payload: form.body,
    });
    return JSON.parse(response.body) as { code: number; msg: string; data: { url: string } | null };
  }

  const avatarFiles = () => {
    const dir = path.join(storedMediaPath(kit.app, 'avatars'));
    return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
  };

  describe.skipIf(variant.skipReason)('', () => {
    it('edits nickname and name, trimmed; refuses empty, too long, reserved and another account, translated, changing nothing', async () => {
      const owner = await kit.signUp();
      const other = await kit.signUp();
      expect((await kit.post('/system/client/user/edit', owner, { id: owner.user.id, nickname: '  Ann ', name: ' Ann Lee ' })).code).toBe(200);
      expect((await kit.get('/system/getClientInfo', owner)).data).toMatchObject({ nickname: 'Ann', name: 'Ann Lee' });

      const before = await snapshot(owner);
      expect(await kit.post('/system/client/user/edit', owner, { id: owner.user.id, nickname: '   ' })).toMatchObject({ code: 400, msg: 'Enter a nickname' });
      expect(await kit.post('/system/client/user/edit', owner, { id: owner.user.id, name: '   ' }, 'zh-CN')).toMatchObject({ code: 400, msg: '请输入姓名' });
      expect(await kit.post('/system/client/user/edit', owner, { id: owner.user.id, name: 'Visitor' }, 'zh-TW')).toMatchObject({ code: 400, msg: '此名稱已被保留，請換一個' });
      expect(await kit.post('/system/client/user/edit', owner, { id: owner.user.id, nickname: 'x'.repeat(51) })).toMatchObject({ code: 400 });
      expect(await kit.post('/system/client/user/edit', owner, { id: owner.user.id, nickname: 'a\u0007b' })).toMatchObject({ code: 400, msg: 'The text contains characters that cannot be shown' });
      expect(await kit.post('/system/client/user/edit', owner, { id: other.user.id, nickname: 'Mallory' })).toMatchObject({ code: 403 });
      expect(await snapshot(owner)).toEqual(before);
      expect((await kit.get('/system/getClientInfo', other)).data.nickname).toBeNull();
    });

    it('stores an uploaded avatar as a 256 px square WebP under a new address each time, and deletes the old one', async () => {
      const owner = await kit.signUp();
      const first = await uploadAvatar(owner, await png(600, 400));
      expect(first.code).toBe(200);
      expect(first.data!.url).toMatch(/^\/prod-api\/system\/user\/avatar\/[0-9a-f-]{36}\.webp$/);
      expect((await kit.get('/system/getClientInfo', owner)).data.avatar).toBe(first.data!.url);

      // Public (meeting participants see avatars), immutable: the bytes behind an address never change.
      const image = await kit.app.inject({ method: 'GET', url: first.data!.url });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/webp');
      expect(image.headers['cache-control']).toContain('immutable');
      const meta = await sharp(image.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', AVATAR_SIDE_PX, AVATAR_SIDE_PX]);

      // A phone photo's EXIF (location, camera) is not kept in the stored avatar.
      const jpeg = await sharp({ create: { width: 300, height: 900, channels: 3, background: '#0a0' } })
        .jpeg()
        .withExif({ IFD0: { Copyright: 'Ann', Artist: 'Ann' } })
        .toBuffer();
      expect((await sharp(jpeg).metadata()).exif).toBeDefined();
      const second = await uploadAvatar(owner, jpeg, 'photo.jpg');
      expect(second.code).toBe(200);
      expect(second.data!.url).not.toBe(first.data!.url);
      expect((await kit.app.inject({ method: 'GET', url: first.data!.url })).statusCode).toBe(404);
      const stored = await sharp((await kit.app.inject({ method: 'GET', url: second.data!.url })).rawPayload).metadata();
      expect([stored.width, stored.height, stored.exif]).toEqual([AVATAR_SIDE_PX, AVATAR_SIDE_PX, undefined]);
      const webp = await sharp({ create: { width: 64, height: 64, channels: 4, background: '#00f8' } }).webp().toBuffer();
      expect((await uploadAvatar(owner, webp, 'a.webp')).code).toBe(200);
      // A name outside the avatar pattern never reaches the store.
      expect((await kit.app.inject({ method: 'GET', url: '/prod-api/system/user/avatar/..%2F..%2Fsecret.webp' })).statusCode).not.toBe(200);
    });

    it('refuses an SVG with script, a renamed exe, a fake PNG and a 20 MB image, translated, changing nothing', async () => {
      const owner = await kit.signUp();
      expect((await uploadAvatar(owner, await png(100, 100))).code).toBe(200);
      const before = await snapshot(owner);
      const filesBefore = avatarFiles();

      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>');
      expect(await uploadAvatar(owner, svg, 'me.svg')).toMatchObject({ code: 400, msg: 'The avatar must be a PNG, JPEG or WebP image' });
      expect(await uploadAvatar(owner, svg, 'me.png', 'zh-CN')).toMatchObject({ code: 400, msg: '头像必须是 PNG、JPEG 或 WebP 图片' });

      const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(4096, 0x41)]);
      expect(await uploadAvatar(owner, exe, 'photo.png', 'zh-TW')).toMatchObject({ code: 400, msg: '頭像必須是 PNG、JPEG 或 WebP 圖片' });
      // The PNG signature followed by anything else is not an image either.
      const fake = Buffer.concat([(await png(10, 10)).subarray(0, 8), Buffer.alloc(2048, 7)]);
      expect((await uploadAvatar(owner, fake, 'fake.png')).msg).toBe('The avatar must be a PNG, JPEG or WebP image');

      const huge = Buffer.concat([await png(10, 10), Buffer.alloc(20 * 1024 * 1024, 1)]);
      expect(await uploadAvatar(owner, huge, 'big.png')).toMatchObject({ code: 400, msg: 'The avatar image must be at most 2 MB' });
      // Refused by its declared length before the body is read: the connection is closed on it.
      const hugeForm = multipartBody([{ name: 'file', value: huge, fileName: 'big.png' }]);
      const early = await kit.app.inject({
        method: 'POST',
        url: '/prod-api/system/user/avatar',
        headers: { authorization: `Bearer ${owner.token}`, 'content-type': hugeForm.contentType },
        payload: hugeForm.body,
      });
      expect(early.headers.connection).toBe('close');
      // Just over the limit, within the multipart allowance: the parser cuts it and it is still refused.
      const over = Buffer.concat([await png(10, 10), Buffer.alloc(2 * 1024 * 1024, 1)]);
      expect((await uploadAvatar(owner, over, 'over.png', 'zh-CN')).msg).toBe('头像图片不能超过 2 MB');

      expect(await snapshot(owner)).toEqual(before);
      expect(avatarFiles()).toEqual(filesBefore);
    });

    it('binds a new e-mail and a phone with a code sent to the new address; the old address no longer signs in', async () => {
      const owner = await kit.signUp();
      const newEmail = uniqueEmail('moved');
      expect((await kit.post('/auth/c/getValidCode', null, { username: newEmail, scene: 'bind' })).code).toBe(200);
      const code = await latestCodeFor(kit.app, newEmail);
      expect(code).toMatch(/^\d{6}$/);
      expect((await put('/system/bindingAccount', owner, { username: newEmail.toUpperCase(), code })).code).toBe(200);
      expect((await kit.get('/system/getClientInfo', owner)).data.email).toBe(newEmail);
      expect((await kit.post('/auth/c/doLogin', null, { username: newEmail, password: 'secret123' })).code).toBe(200);
      expect((await kit.post('/auth/c/doLogin', null, { username: owner.user.email!, password: 'secret123' })).code).toBe(400);
      // A code works once.
      expect((await put('/system/bindingAccount', owner, { username: newEmail, code })).code).toBe(400);

      const phone = `+4420794${String(Date.now()).slice(-5)}`;
      expect((await kit.post('/auth/c/getValidCode', null, { username: phone, scene: 'bind' })).code).toBe(200);
      const phoneCode = await latestCodeFor(kit.app, phone);
      expect((await put('/system/bindingAccount', owner, { username: phone, code: phoneCode })).code).toBe(200);
      expect((await kit.get('/system/getClientInfo', owner)).data).toMatchObject({ email: newEmail, phone });
    });

    it('refuses a code sent to another address and an address another account uses, translated, changing nothing', async () => {
      const owner = await kit.signUp();
      const taken = await kit.signUp('taken');
      const before = await snapshot(owner);

      const mine = uniqueEmail('mine');
      const elsewhere = uniqueEmail('elsewhere');
      expect((await kit.post('/auth/c/getValidCode', null, { username: mine, scene: 'bind' })).code).toBe(200);
      const codeForMine = await latestCodeFor(kit.app, mine);
      expect(await put('/system/bindingAccount', owner, { username: elsewhere, code: codeForMine })).toMatchObject({
        code: 400,
        msg: 'The verification code is wrong or has expired',
      });
      expect((await put('/system/bindingAccount', owner, { username: elsewhere, code: codeForMine }, 'zh-CN')).msg).toBe('验证码错误或已过期');

      // No code is even sent to an address in use, and binding it is refused before any code is checked.
      expect((await kit.post('/auth/c/getValidCode', null, { username: taken.user.email!, scene: 'bind' })).code).toBe(200);
      expect(await latestCodeFor(kit.app, taken.user.email!)).toBeNull();
      expect(await put('/system/bindingAccount', owner, { username: taken.user.email!, code: '123456' }, 'zh-TW')).toMatchObject({
        code: 400,
        msg: '該地址已被其他帳號使用',
      });
      expect(await put('/system/bindingAccount', owner, { username: 'not an address', code: '123456' })).toMatchObject({ code: 400 });
      expect(await snapshot(owner)).toEqual(before);
      expect((await kit.get('/system/getClientInfo', taken)).data.email).toBe(taken.user.email);
      // The code for the right address still works afterwards (the wrong-address try did not burn it).
      expect((await put('/system/bindingAccount', owner, { username: mine, code: codeForMine })).code).toBe(200);
    });

    it('binds an address to one account only when several race with the same code', async () => {
      const racers = await Promise.all(Array.from({ length: 6 }, () => kit.signUp('racer')));
      const contested = uniqueEmail('contested');
      expect((await kit.post('/auth/c/getValidCode', null, { username: contested, scene: 'bind' })).code).toBe(200);
      const code = await latestCodeFor(kit.app, contested);
      const answers = await Promise.all(racers.map((who) => put('/system/bindingAccount', who, { username: contested, code })));
      expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
      expect(answers.filter((a) => a.code === 400)).toHaveLength(racers.length - 1);
      const holders = await kit.app.db.selectFrom('users').select('id').where('email', '=', contested).execute();
      expect(holders).toHaveLength(1);
      expect(racers.map((r) => r.user.id)).toContain(holders[0]!.id);
    });

    it('changes the password with the old one; other sessions are signed out, the current one stays', async () => {
      const owner = await kit.signUp();
      const otherDevice = await kit.post('/auth/c/doLogin', null, { username: owner.user.email!, password: 'secret123' });
      const otherToken = otherDevice.data.token as string;
      const change = { oldPassword: 'secret123', newPassword: 'fresh4567', confirmPassword: 'fresh4567' };
      expect((await put('/system/updatePwd', owner, change)).code).toBe(200);
      expect((await kit.get('/system/getClientInfo', owner)).code).toBe(200);
      expect((await call(kit.app, 'GET', '/system/getClientInfo', { token: otherToken })).status).toBe(401);
      expect((await kit.post('/auth/c/doLogin', null, { username: owner.user.email!, password: 'secret123' })).code).toBe(400);
      expect((await kit.post('/auth/c/doLogin', null, { username: owner.user.email!, password: 'fresh4567' })).code).toBe(200);
    });

    it('refuses a wrong old password, a mismatch, a weak or unchanged password, translated, changing nothing', async () => {
      const owner = await kit.signUp();
      const before = await snapshot(owner);
      expect(await put('/system/updatePwd', owner, { oldPassword: 'nope12345', newPassword: 'fresh4567', confirmPassword: 'fresh4567' })).toMatchObject({
        code: 400,
        msg: 'The current password is wrong',
      });
      expect(await put('/system/updatePwd', owner, { oldPassword: 'secret123', newPassword: 'fresh4567', confirmPassword: 'fresh4568' }, 'zh-CN')).toMatchObject({
        code: 400,
        msg: '两次输入的密码不一致',
      });
      expect((await put('/system/updatePwd', owner, { oldPassword: 'secret123', newPassword: 'onlyletters', confirmPassword: 'onlyletters' })).msg).toBe(
        'The password must contain both letters and digits',
      );
      expect((await put('/system/updatePwd', owner, { oldPassword: 'secret123', newPassword: 'a1', confirmPassword: 'a1' })).code).toBe(400);
      expect((await put('/system/updatePwd', owner, { oldPassword: 'secret123', newPassword: 'secret123', confirmPassword: 'secret123' }, 'zh-TW')).msg).toBe(
        '新密碼不能與當前密碼相同',
      );
      expect((await put('/system/updatePwd', owner, { oldPassword: 'secret123', newPassword: 'fresh4567' })).msg).toBe('The two passwords do not match');
      expect(await snapshot(owner)).toEqual(before);
    });

    it(`limits wrong old passwords like sign-in: a parallel burst gets ${FAILED_LOGINS_PER_ACCOUNT_PER_HOUR} evaluated, the ${FAILED_LOGINS_PER_ACCOUNT_PER_HOUR + 1}st and the right one are refused`, async () => {
      const owner = await kit.signUp();
      const otherDevice = await kit.post('/auth/c/doLogin', null, { username: owner.user.email!, password: 'secret123' });
      expect(otherDevice.code).toBe(200);
      const before = await snapshot(owner);
      const burst = await Promise.all(
        Array.from({ length: FAILED_LOGINS_PER_ACCOUNT_PER_HOUR + 6 }, (_, i) =>
          put('/system/updatePwd', owner, { oldPassword: `guess${i}xyz`, newPassword: 'fresh4567', confirmPassword: 'fresh4567' }),
        ),
      );
      expect(burst.filter((a) => a.msg === 'The current password is wrong')).toHaveLength(FAILED_LOGINS_PER_ACCOUNT_PER_HOUR);
      expect(burst.filter((a) => a.code === 429 && a.msg === 'Too many wrong passwords, please try again in an hour')).toHaveLength(6);
      const right = await put('/system/updatePwd', owner, { oldPassword: 'secret123', newPassword: 'fresh4567', confirmPassword: 'fresh4567' }, 'zh-CN');
      expect(right).toMatchObject({ code: 429, msg: '密码错误次数过多，请一小时后再试' });
      expect(await snapshot(owner)).toEqual(before);
      // Another account is not held back by this one's count.
      const neighbour = await kit.signUp();
      expect((await put('/system/updatePwd', neighbour, { oldPassword: 'secret123', newPassword: 'fresh4567', confirmPassword: 'fresh4567' })).code).toBe(200);
    }, 60_000);
  });
});
