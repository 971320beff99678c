// A host for live-meeting journeys: signs in with a password and starts a meeting with the setup's
// served defaults (en-US → es-ES on the embedded engines), accepting the terms, until the live view
// shows it in progress. The browser needs a (fake) microphone: launch it with HOST_MEDIA_ARGS.
import type { Page } from 'playwright-core';

/** Chromium grants the microphone and feeds it a generated tone (a file can be added with --use-file-for-fake-audio-capture). */
export const HOST_MEDIA_ARGS = ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', '--autoplay-policy=no-user-gesture-required'];

export async function signIn(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByTestId('login-tab-password').click();
  await page.getByTestId('login-username').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('avatar-menu-trigger').waitFor();
}

export async function startMeeting(page: Page, baseUrl: string, name: string): Promise<void> {
  await page.goto(`${baseUrl}/meeting`);
  await page.getByTestId('meeting-setup').waitFor();
  await page.getByTestId('meeting-name').fill(name);
  await page.getByTestId('meeting-start').click();
  await page.getByTestId('meeting-terms-accept').click();
  await page.getByTestId('meeting-live').waitFor({ timeout: 15_000 });
  await page.waitForSelector('[data-testid="meeting-status"][data-status="in_progress"]');
}
