import type { Page } from '@playwright/test';

export interface Played {
  error: string | null;
  ended: boolean;
  width: number;
  height: number;
  currentTime: number;
  duration: number;
  /** Frames Chromium decoded (null where it does not say). */
  decoded: number | null;
}

/**
 * Plays `url` in a bare <video> on `page` (it replaces the page's content) at `rate` and waits for
 * its end or an error, not for a clock: what Chromium's own player makes of an output.
 */
export async function playToEnd(page: Page, url: string, rate = 4): Promise<Played> {
  await page.setContent(`<video muted playsinline src="${url}"></video>`);
  const video = page.locator('video');
  await video.evaluate((v: HTMLVideoElement, r: number) => {
    v.playbackRate = r;
    return v.play();
  }, rate);
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
    decoded: (v as HTMLVideoElement & { webkitDecodedFrameCount?: number }).webkitDecodedFrameCount ?? null,
  }));
}
