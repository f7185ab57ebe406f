import { HeadwayClient } from '@headway/server/test-client';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { axeViolations } from './support/axe.ts';
import {
  baseUrl,
  closeSession,
  keepArtifactsOnFailure,
  launch,
  login,
  openSession,
  type Session,
  shot,
} from './support/browser.ts';
import type { StandingFleet } from './support/command-terminal.ts';
import { infoBoxOf } from './support/info-box.ts';
import { DEMO_PASSWORD } from './support/server.ts';
import { cameraBus, flvProbeScript } from './support/video-terminal.ts';

// See and hear the bus (issue 16) in Chromium against the real server: a demo bus stands at a stop as the
// simulator's terminal, whose media side streams the real JT/T 1078 capture on every channel the platform asks for
// and echoes talk audio. The dispatcher opens live video from the info box, watches the picture move, opens nine
// channels, switches a stream, closes windows (and the terminal stops sending), talks with a fake microphone; the
// latency from the media port to the presented frame is measured and printed.

let browser: Browser;
let session: Session;
let admin: HeadwayClient;
let fleet: StandingFleet;

beforeAll(async () => {
  admin = new HeadwayClient(baseUrl());
  await admin.login('admin', DEMO_PASSWORD);
  fleet = await cameraBus(admin, inject('gatewayPort'), inject('dataDir'), 11);
  browser = await launch([
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
    '--autoplay-policy=no-user-gesture-required',
  ]);
  session = await openSession(browser, 'video');
  await session.context.addInitScript(flvProbeScript);
  await login(session.page, 'admin');
}, 120_000);
keepArtifactsOnFailure(() => session, 'video');
afterAll(async () => {
  fleet?.stop();
  if (session) await closeSession(session);
  await browser?.close();
});

const bus = () => {
  const b = fleet.buses[0];
  if (!b) throw new Error('no bus');
  return b;
};

/** The <video>'s currentTime, or -1 when the window has none yet. */
const currentTime = (cell: Locator) =>
  cell
    .locator('video')
    .evaluate((v: HTMLVideoElement) => v.currentTime)
    .catch(() => -1);

async function openVideoWindow(page: Page): Promise<Locator> {
  const box = await infoBoxOf(page, bus().car.car_name);
  await box.getByTestId('info-action-video').click();
  const win = page.getByTestId('live-video-window').locator('.ant-modal');
  await win.getByTestId('live-video-panel').waitFor();
  return win;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

it('plays a channel from the info box: the picture moves, first picture under 2 s, latency measured', async () => {
  const { page } = session;
  const win = await openVideoWindow(page);
  await win.getByTestId('video-split-1').click();
  const clicked = Date.now();
  await win.getByTestId('video-channel-1').click();
  const cell = win.getByTestId('video-cell-0');
  await expect.poll(() => cell.getAttribute('data-status'), { timeout: 20_000 }).toBe('playing');
  const firstFrameMs = Number(await cell.getAttribute('data-first-frame-ms'));
  const answerMs = Number(await cell.getAttribute('data-answer-ms'));
  console.log(
    `[video] first picture ${firstFrameMs} ms after the click (live/play answered at ${answerMs} ms; ${Date.now() - clicked} ms until the test saw it)`,
  );
  expect(firstFrameMs).toBeLessThan(2000);
  const t0 = await currentTime(cell);
  await expect.poll(() => currentTime(cell), { timeout: 10_000 }).toBeGreaterThan(t0 + 1);

  // Latency: per presented frame (requestVideoFrameCallback), FLV time = the viewer's first FLV time + mediaTime;
  // the media server's clock samples say when that frame's last packet reached the media port.
  const frames = await cell.locator('video').evaluate(
    (v: HTMLVideoElement, ms: number) =>
      new Promise<{ mediaTime: number; shown: number }[]>((resolve) => {
        const out: { mediaTime: number; shown: number }[] = [];
        const end = performance.now() + ms;
        const step = (_now: number, meta: VideoFrameCallbackMetadata) => {
          out.push({ mediaTime: meta.mediaTime, shown: performance.timeOrigin + meta.expectedDisplayTime });
          if (performance.now() < end) v.requestVideoFrameCallback(step);
          else resolve(out);
        };
        v.requestVideoFrameCallback(step);
      }),
    5000,
  );
  const probe = await page.evaluate(() => {
    const probes = (window as unknown as { __flvProbes: { url: string; firstVideoMs: number | null }[] }).__flvProbes;
    return probes[probes.length - 1];
  });
  expect(probe?.firstVideoMs).not.toBeNull();
  const token = new URL(probe?.url ?? '').searchParams.get('t');
  const stats = (await (await fetch(`${baseUrl()}/media/stats?t=${encodeURIComponent(token ?? '')}`)).json()) as {
    result: { clock: { flv: number; received: number }[] };
  };
  const byFlv = new Map(stats.result.clock.map((s) => [s.flv, s.received]));
  const latencies: number[] = [];
  for (const f of frames) {
    const flv = (probe?.firstVideoMs ?? 0) + Math.round(f.mediaTime * 1000);
    const received = byFlv.get(flv) ?? byFlv.get(flv - 1) ?? byFlv.get(flv + 1);
    if (received !== undefined) latencies.push(f.shown - received);
  }
  latencies.sort((a, b) => a - b);
  const p50 = percentile(latencies, 50);
  const p99 = percentile(latencies, 99);
  console.log(
    `[video] latency media port → presented: p50 ${p50.toFixed(0)} ms, p99 ${p99.toFixed(0)} ms over ${latencies.length} of ${frames.length} frames`,
  );
  expect(latencies.length).toBeGreaterThan(frames.length / 2);
  expect(p50).toBeLessThan(1000);

  await shot(page, 'video-live-1.png');
  expect(await axeViolations(page)).toEqual([]);
});

it('plays nine channels in the 9-window grid, switches a stream, closes windows; the terminal stops when nobody watches', async () => {
  const { page } = session;
  const win = page.getByTestId('live-video-window').locator('.ant-modal');
  await win.getByTestId('video-clear-all').click();
  await win.getByTestId('video-open-all').click();
  await expect.poll(() => win.getByTestId('video-grid').getAttribute('data-split')).toBe('9');
  const cells = Array.from({ length: 9 }, (_, i) => win.getByTestId(`video-cell-${i}`));
  for (const cell of cells) {
    await expect.poll(() => cell.getAttribute('data-status'), { timeout: 30_000 }).toBe('playing');
  }
  const before = await Promise.all(cells.map(currentTime));
  await expect
    .poll(async () => (await Promise.all(cells.map(currentTime))).every((t, i) => t > (before[i] ?? 0) + 0.5), {
      timeout: 15_000,
    })
    .toBe(true);
  const live = () => bus().terminal.media.live.streams;
  expect(new Set(live().map((s) => s.channel)).size).toBe(9);
  await shot(page, 'video-live-9.png');

  // Sub stream on window 2: the cell re-requests with stream 1 and plays again; the terminal streams channel 2 sub.
  const second = cells[1] as Locator;
  await second.getByTestId('video-cell-stream').click();
  await expect.poll(() => second.getAttribute('data-stream')).toBe('1');
  await expect.poll(() => second.getAttribute('data-status'), { timeout: 20_000 }).toBe('playing');
  await expect.poll(() => live().some((s) => s.channel === 2 && s.streamType === 1), { timeout: 10_000 }).toBe(true);

  // Close one window, then every other: the upstreams end once the last viewer of each has gone.
  await (cells[8] as Locator).getByTestId('video-cell-close').click();
  await expect.poll(() => (cells[8] as Locator).getAttribute('data-status')).toBe('empty');
  await expect.poll(() => live().some((s) => s.channel === 9), { timeout: 20_000 }).toBe(false);
  await win.getByTestId('video-clear-all').click();
  await expect.poll(() => live().map((s) => `${s.channel}/${s.streamType}`), { timeout: 30_000 }).toEqual([]);
  await win.locator('.ant-modal-close').first().click();
  await win.waitFor({ state: 'hidden' });
}, 180_000);

it('talks: the window connects and audio flows both ways', async () => {
  const { page } = session;
  const box = await infoBoxOf(page, bus().car.car_name);
  await box.getByTestId('info-action-talk').click();
  const win = page.getByTestId('talk-window').locator('.ant-modal');
  await win.getByTestId('talk-call').click();
  const state = win.getByTestId('talk-state');
  await expect.poll(() => state.getAttribute('data-state'), { timeout: 20_000 }).toMatch(/^(connected|talking)$/);
  await expect
    .poll(async () => Number(await state.getAttribute('data-sent')), { timeout: 15_000 })
    .toBeGreaterThan(3200);
  await expect
    .poll(async () => Number(await state.getAttribute('data-received')), { timeout: 15_000 })
    .toBeGreaterThan(1000);
  console.log(
    `[video] talk: sent ${await state.getAttribute('data-sent')} B G.711A, received ${await state.getAttribute('data-received')} B PCM`,
  );
  await shot(page, 'video-talk.png');
  await win.getByTestId('talk-hang-up').click();
  await expect.poll(() => state.getAttribute('data-state')).toBe('cancel');
  await win.locator('.ant-modal-close').first().click();
});

it('shows the screens in en, zh and th', async () => {
  for (const locale of ['en-US', 'zh-CN', 'th-TH']) {
    const s = await openSession(browser, `video-${locale}`, locale);
    try {
      await login(s.page, 'admin');
      await s.page.goto('/monitoring/video');
      await s.page.getByTestId('live-video-page').waitFor();
      await s.page.getByTestId(`video-vehicle-${bus().car.car_id}`).click();
      // Playing is the earlier tests' (and English's here); Chinese and Thai look at the translated screens.
      if (locale === 'en-US') {
        await s.page.getByTestId('video-channel-1').click();
        await expect
          .poll(() => s.page.getByTestId('video-cell-0').getAttribute('data-status'), { timeout: 20_000 })
          .toBe('playing');
      }
      await shot(s.page, `video-screen-${locale.slice(0, 2)}.png`);
      if (locale === 'en-US') expect(await axeViolations(s.page)).toEqual([]);
      await s.page.goto('/monitoring/vod');
      await s.page.getByTestId('vod-page').waitFor();
      await s.page.getByTestId(`video-vehicle-${bus().car.car_id}`).click();
      // English queries the terminal's recordings and plays one; Chinese and Thai show the query form's translated
      // labels without asking the terminal twice more (the query waits on the terminal's answer).
      if (locale !== 'en-US') {
        await shot(s.page, `video-vod-${locale.slice(0, 2)}.png`);
        continue;
      }
      await s.page.getByTestId('vod-query').click();
      await s.page.getByTestId('vod-timeline').waitFor({ timeout: 70_000 });
      await s.page.getByTestId('vod-play').first().click();
      await expect
        .poll(() => s.page.getByTestId('vod-player').getAttribute('data-status'), { timeout: 20_000 })
        .toBe('playing');
      await shot(s.page, `video-vod-${locale.slice(0, 2)}.png`);
      expect(await axeViolations(s.page)).toEqual([]);
    } finally {
      await closeSession(s);
    }
  }
}, 360_000);
