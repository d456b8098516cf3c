import type { Page } from '@playwright/test';

export interface Played {
  error: string | null;
  ended: boolean;
  width: number;
  height: number;
  currentTime: number;
  duration: number;
}

/**
 * Plays `url` in a bare <video> on `page` (it replaces the page's content) at 4× and waits for
 * its end or an error, not for a clock: what Chromium's own player makes of an output.
 */
export async function playToEnd(page: Page, url: string): Promise<Played> {
  await page.setContent(`<video muted playsinline src="${url}"></video>`);
  const video = page.locator('video');
  await video.evaluate((v: HTMLVideoElement) => {
    v.playbackRate = 4;
    return v.play();
  });
  await page.waitForFunction(() => {
    const v = document.querySelector('video') as HTMLVideoElement;
    return v.ended || v.error !== null;
  });
  return video.evaluate((v: HTMLVideoElement) => ({
    error: v.error ? `${v.error.code} ${v.error.message}` : null,
    ended: v.ended,
    width: v.videoWidth,
    height: v.videoHeight,
    currentTime: v.currentTime,
    duration: v.duration,
  }));
}
